//! Runs the `uri` binary as a user would: arguments and standard input
//! in; standard output, standard error and exit status out.

// Each test file uses some of these.
#![allow(dead_code, clippy::expect_used)]

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

pub(crate) fn uri(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

pub(crate) fn uri_with_stdin(args: &[&str], stdin: &str) -> Output {
    uri_with_stdin_bytes(args, stdin.as_bytes())
}

pub(crate) fn uri_with_stdin_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin)
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary ends")
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}
