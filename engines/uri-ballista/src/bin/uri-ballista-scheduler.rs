//! A Ballista scheduler whose sessions know the URI SQL functions.
//!
//! `uri-ballista-scheduler [--bind HOST] [--port PORT] [--external-host HOST]`
//! (defaults: `127.0.0.1`, `50050`, `localhost`).

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;

#[tokio::main]
async fn main() -> ExitCode {
    let mut config = SchedulerConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next();
        match (flag.as_str(), value) {
            ("--bind", Some(host)) => config.bind_host = host,
            ("--external-host", Some(host)) => config.external_host = host,
            ("--port", Some(port)) if port.parse::<u16>().is_ok() => {
                config.bind_port = port.parse().unwrap_or(50050);
            }
            _ => {
                eprintln!(
                    "usage: uri-ballista-scheduler [--bind HOST] [--port PORT] [--external-host HOST]"
                );
                return ExitCode::from(2);
            }
        }
    }
    config.override_session_builder = Some(Arc::new(uri_ballista::session_with_functions));
    let address = format!("{}:{}", config.bind_host, config.bind_port);
    let Ok(address) = address.parse::<SocketAddr>() else {
        eprintln!("error: {address:?} is no address to listen on");
        return ExitCode::from(2);
    };
    let started = async {
        let cluster = BallistaCluster::new_from_config(&config).await?;
        start_server(cluster, address, Arc::new(config)).await
    };
    match started.await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
