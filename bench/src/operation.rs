//! What is measured: an operation over one workload, done by our crate and
//! by each peer that offers it.

/// One implementation of an operation: a full pass over the workload,
/// returning a number derived from every result so none can be skipped.
pub struct Subject<'a> {
    /// The crate's name, as the table shows it.
    pub name: &'static str,
    /// One pass over the workload.
    pub run: Box<dyn Fn() -> usize + 'a>,
}

impl<'a> Subject<'a> {
    /// A subject named `name` doing `run`.
    pub fn new(name: &'static str, run: impl Fn() -> usize + 'a) -> Subject<'a> {
        Subject {
            name,
            run: Box::new(run),
        }
    }
}

/// An operation over one workload, with our subject first.
pub struct Operation<'a> {
    /// Its name in the table, such as `parse corpus`.
    pub name: String,
    /// How many items one pass handles (URIs, references, or 1 for a buffer).
    pub items: usize,
    /// How many input bytes one pass reads.
    pub bytes: usize,
    /// Our implementation.
    pub ours: Subject<'a>,
    /// The peers' implementations.
    pub peers: Vec<Subject<'a>>,
    /// The goal for our time as a fraction of a peer's.
    pub target: Option<Target>,
}

impl Operation<'_> {
    /// Every subject, ours first.
    pub fn subjects(&self) -> impl Iterator<Item = &Subject<'_>> {
        std::iter::once(&self.ours).chain(&self.peers)
    }
}

/// "Our time is at most `ratio` × `against`'s."
#[derive(Clone, Copy)]
pub struct Target {
    /// The largest ratio of our time to the peer's that meets the goal.
    pub ratio: f64,
    /// Which peer: a name, or `None` for whichever peer is fastest.
    pub against: Option<&'static str>,
}

impl Target {
    /// At most `ratio` × the fastest peer's time.
    pub fn best_peer(ratio: f64) -> Target {
        Target {
            ratio,
            against: None,
        }
    }

    /// At most `ratio` × the time of the peer named `name`.
    pub fn peer(ratio: f64, name: &'static str) -> Target {
        Target {
            ratio,
            against: Some(name),
        }
    }
}
