//! RFC 6570 template literals (`uri_template!`): the text checked by
//! `uri-core`'s template checker, the one the run-time `UriTemplate::parse`
//! calls, so a literal compiles exactly when it would parse.

use uri_core::template::{TemplateError, check};

use crate::check::problem::Problem;

/// The literal's problem, if it has one; the checker stops at the first.
pub(crate) fn template(text: &str) -> Result<(), Problem> {
    check(text).map_err(|err| problem(&err))
}

fn problem(err: &TemplateError) -> Problem {
    Problem {
        at: err.index(),
        len: err.len(),
        message: format!("invalid URI template: {err}"),
        help: err.hint().map(String::from),
    }
}

#[cfg(test)]
mod tests {
    use super::template;

    #[test]
    fn the_problem_points_at_the_runtime_index() {
        let problem = template("/users/{id").unwrap_err();
        assert_eq!((problem.at, problem.len), (7, 1));
        assert_eq!(
            problem.message,
            "invalid URI template: '{' without a matching '}' at byte 7"
        );
        assert!(template("/users/{id}{?fields*}").is_ok());
    }
}
