//! Compile-fail tests: each file under `ui/fail` must fail to compile
//! with exactly the reviewed `.stderr` beside it. The expected output is
//! pinned to the toolchain in `rust-toolchain.toml`; after a deliberate
//! change, regenerate with `TRYBUILD=overwrite` and review the diff.

#[test]
fn compile_errors_point_at_the_culprit() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/fail/*.rs");
}
