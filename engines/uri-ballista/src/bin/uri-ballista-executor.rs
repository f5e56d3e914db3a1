//! A Ballista executor that runs the URI SQL functions.
//!
//! `uri-ballista-executor [--scheduler HOST:PORT] [--bind HOST] [--port PORT] [--grpc-port PORT] [--external-host HOST] [--concurrent-tasks N]`
//! (defaults: `localhost:50050`, `127.0.0.1`, `50051`, `50052`, none, the
//! cores).

use std::process::ExitCode;
use std::sync::Arc;

use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};

/// The value of a flag that takes a port or a count.
fn number<T: std::str::FromStr>(value: Option<String>) -> Option<T> {
    value?.parse().ok()
}

#[tokio::main]
async fn main() -> ExitCode {
    let registry = match uri_ballista::function_registry() {
        Ok(registry) => registry,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut config = ExecutorProcessConfig {
        override_function_registry: Some(Arc::new(registry)),
        ..ExecutorProcessConfig::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next();
        let understood = match flag.as_str() {
            "--scheduler" => value
                .as_deref()
                .and_then(|v| v.rsplit_once(':'))
                .and_then(|(host, port)| Some((host.to_owned(), port.parse().ok()?)))
                .map(|(host, port)| {
                    config.scheduler_host = host;
                    config.scheduler_port = port;
                })
                .is_some(),
            "--bind" => value.map(|host| config.bind_host = host).is_some(),
            "--external-host" => value
                .map(|host| config.external_host = Some(host))
                .is_some(),
            "--port" => number(value).map(|port| config.port = port).is_some(),
            "--grpc-port" => number(value).map(|port| config.grpc_port = port).is_some(),
            "--concurrent-tasks" => number(value).map(|n| config.vcores = n).is_some(),
            _ => false,
        };
        if !understood {
            eprintln!(
                "usage: uri-ballista-executor [--scheduler HOST:PORT] [--bind HOST] [--port PORT] \
                 [--grpc-port PORT] [--external-host HOST] [--concurrent-tasks N]"
            );
            return ExitCode::from(2);
        }
    }
    match start_executor_process(Arc::new(config)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
