//! The inputs every subject is measured on: the URI corpus, the RFC 3986
//! section 5.4 examples, and the percent-coding buffers of
//! `bench/data/README.md`, generated here from a fixed seed.

use std::path::Path;

/// One mebibyte: the size of each percent-coding buffer.
pub const BUFFER_LEN: usize = 1 << 20;

/// The base URI of RFC 3986 section 5.4.
pub const RFC_BASE: &str = "http://a/b/c/d;p?q";

/// The references of RFC 3986 sections 5.4.1 (normal) and 5.4.2
/// (abnormal), resolved against [`RFC_BASE`].
pub const RFC_REFERENCES: [&str; 42] = [
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

/// Everything the benchmarks read.
pub struct Inputs {
    /// The 10,000 lines of `corpus.txt`.
    pub corpus: Vec<String>,
    /// The corpus lines that begin with a scheme and its `:` (the
    /// absolute URIs, strict or not, and no relative reference).
    pub absolute: Vec<String>,
    /// The percent-coding buffers, decoded form and encoded form.
    pub buffers: Vec<Buffer>,
}

/// One percent-coding workload.
pub struct Buffer {
    /// Its short name in the table.
    pub name: &'static str,
    /// The text to encode.
    pub plain: String,
    /// `plain` with every byte outside `unreserved` percent-encoded: the
    /// text to decode.
    pub encoded: String,
    /// Whether the speed goals apply (the three buffers of the
    /// data README, not the extra one with nothing to encode).
    pub has_goal: bool,
}

impl Inputs {
    /// Reads the corpus at `corpus` and generates the buffers.
    ///
    /// # Errors
    ///
    /// The I/O error of reading the corpus, with its path.
    pub fn load(corpus: &Path) -> Result<Inputs, String> {
        let text = std::fs::read_to_string(corpus)
            .map_err(|err| format!("cannot read the corpus {}: {err}", corpus.display()))?;
        let corpus: Vec<String> = text.lines().map(str::to_owned).collect();
        let absolute = corpus
            .iter()
            .filter(|line| has_scheme(line))
            .cloned()
            .collect();
        Ok(Inputs {
            corpus,
            absolute,
            buffers: buffers(),
        })
    }

    /// The corpus's size in bytes, newlines excluded.
    pub fn corpus_bytes(&self) -> usize {
        self.corpus.iter().map(String::len).sum()
    }
}

/// Whether `line` begins with RFC 3986's `scheme ":"`.
fn has_scheme(line: &str) -> bool {
    line.split_once(':').is_some_and(|(scheme, _)| {
        uri_core::parse::check_component(scheme, uri_core::Component::Scheme).is_ok()
    })
}

/// The four buffers: the three of the data README and one with nothing
/// to encode, which shows the borrowed fast path.
fn buffers() -> Vec<Buffer> {
    let mut random = XorShift(0x3986_2396_3987_6874);
    let specs: [(&'static str, Generator); 4] = [
        ("ascii-10%", |r, s| ascii_text(r, s, 10)),
        ("ascii-1%", |r, s| ascii_text(r, s, 1)),
        ("cjk", cjk_text),
        ("clean", |r, s| ascii_text(r, s, 0)),
    ];
    specs
        .into_iter()
        .map(|(name, generate)| {
            let mut plain = String::with_capacity(BUFFER_LEN + 4);
            while plain.len() < BUFFER_LEN {
                generate(&mut random, &mut plain);
            }
            let mut cut = BUFFER_LEN;
            while !plain.is_char_boundary(cut) {
                cut -= 1;
            }
            plain.truncate(cut);
            let encoded = uri::pct::encode(&plain, &uri::pct::UNRESERVED).into_owned();
            Buffer {
                name,
                plain,
                encoded,
                has_goal: name != "clean",
            }
        })
        .collect()
}

/// Appends one ASCII character, which needs encoding with probability
/// `percent` / 100 (a space or punctuation), else is alphanumeric.
fn ascii_text(random: &mut XorShift, out: &mut String, percent: u64) {
    const KEPT: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const ENCODED: &[u8] = b" ,;:/?&=+%!@#$()[]'\"<>";
    let pick = |random: &mut XorShift, from: &[u8]| from[random.below(from.len() as u64) as usize];
    let byte = if random.below(100) < percent {
        pick(random, ENCODED)
    } else {
        pick(random, KEPT)
    };
    out.push(char::from(byte));
}

/// Appends one character of mostly-CJK text: nine in ten from the CJK
/// Unified Ideographs block (three UTF-8 bytes each), the rest ASCII
/// letters and spaces.
fn cjk_text(random: &mut XorShift, out: &mut String) {
    if random.below(10) == 0 {
        out.push(if random.below(4) == 0 { ' ' } else { 'x' });
    } else {
        let code = 0x4E00 + random.below(0x9FFF - 0x4E00) as u32;
        out.push(char::from_u32(code).unwrap_or('\u{4E00}'));
    }
}

/// Appends one character of a buffer's text.
type Generator = fn(&mut XorShift, &mut String);

/// xorshift64: deterministic, so every run measures the same bytes.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, bound: u64) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x % bound
    }
}
