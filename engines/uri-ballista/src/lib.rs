//! The URI SQL functions on a Ballista cluster: every process that plans
//! or runs a query must know them (the client's session, the
//! scheduler's, and each executor's), and the stock Ballista binaries do
//! not. This crate's two binaries are those processes with the functions
//! registered:
//!
//! ```text
//! $ uri-ballista-scheduler --bind 0.0.0.0 --port 50050
//! $ uri-ballista-executor --scheduler scheduler-host:50050 --port 50051   # on each machine
//! ```
//!
//! and a client plans with the same functions ([`connect`]):
//!
//! ```no_run
//! # async fn run() -> datafusion::error::Result<()> {
//! let ctx = uri_ballista::connect("df://scheduler-host:50050").await?;
//! ctx.sql("SELECT uri_host(url), count(*) FROM links GROUP BY 1").await?.show().await?;
//! # Ok(())
//! # }
//! ```
//!
//! A process without them refuses the plan ("`LogicalExtensionCodec` is
//! not provided for scalar function `uri_host`").

use std::sync::Arc;

use ballista::prelude::SessionContextExt as _;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::utils::{default_config_producer, default_session_builder};
use datafusion::execution::SessionState;
use datafusion::execution::registry::FunctionRegistry as _;
use datafusion::prelude::{SessionConfig, SessionContext};

/// Ballista's default session for `config`, with every URI function
/// registered: what the scheduler builds each session from.
///
/// # Errors
///
/// What building Ballista's default session gives.
pub fn session_with_functions(config: SessionConfig) -> datafusion::common::Result<SessionState> {
    let mut state = default_session_builder(config)?;
    for udf in uri_datafusion::uri_functions() {
        state.register_udf(Arc::new(udf))?;
    }
    Ok(state)
}

/// [`session_with_functions`] with Ballista's default configuration: the
/// state a client connects with.
///
/// # Errors
///
/// As [`session_with_functions`].
pub fn session_state() -> datafusion::common::Result<SessionState> {
    session_with_functions(default_config_producer())
}

/// The functions as an executor's registry.
///
/// # Errors
///
/// As [`session_with_functions`].
pub fn function_registry() -> datafusion::common::Result<BallistaFunctionRegistry> {
    Ok(BallistaFunctionRegistry::from(&session_state()?))
}

/// A client session on the cluster whose scheduler is at `url`
/// (`df://host:port`), planning with the functions.
///
/// # Errors
///
/// What connecting to the scheduler gives.
pub async fn connect(url: &str) -> datafusion::common::Result<SessionContext> {
    let ctx = SessionContext::remote_with_state(url, session_state()?).await?;
    // The remote context keeps the state's configuration, not its
    // functions: they are registered again on the session itself.
    uri_datafusion::register(&ctx);
    Ok(ctx)
}
