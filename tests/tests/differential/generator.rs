//! A seeded generator of URI-like strings: each component drawn from a
//! pool of valid and nearly valid pieces, then a few random mutations.

/// `SplitMix64`: small, fast, and the same sequence for the same seed on
/// every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a>(&mut self, pieces: &[&'a str]) -> &'a str {
        pieces[self.below(pieces.len())]
    }

    /// A piece of `pool`, broken one time in ten.
    fn piece(&mut self, pool: &Pool) -> &'static str {
        if self.chance(10) {
            self.pick(pool.broken)
        } else {
            self.pick(pool.valid)
        }
    }
}

/// A component's pieces: valid ones, and nearly valid ones drawn now and
/// then.
struct Pool {
    valid: &'static [&'static str],
    broken: &'static [&'static str],
}

const SCHEMES: Pool = Pool {
    valid: &["http", "https", "a", "A+b.c-1", "urn", "z9"],
    broken: &["1a", "+a", "a b", "é", "", "h%74"],
};

const USERINFO: Pool = Pool {
    valid: &["", "user", "u:p", "a%40b", ":", "!$&'()*+,;=", "~._-"],
    broken: &["%zz", "u@v", "é", "[x]", "a b", "%4"],
};

const HOSTS: Pool = Pool {
    valid: &[
        "",
        "example.com",
        "EXAMPLE.com",
        "127.0.0.1",
        "256.1.1.1",
        "1.2.3",
        "01.2.3.4",
        "1.2.3.4.",
        "%41.b",
        "!$&'()*+,;=",
        "[::1]",
        "[::]",
        "[1:2:3:4:5:6:7:8]",
        "[::ffff:1.2.3.4]",
        "[FEDC:ba98::]",
        "[1:2:3:4:5:6:7::]",
        "[::1:2:3:4:5:6:7]",
        "[v1.a]",
        "[V7.!$:]",
    ],
    broken: &[
        "%4",
        "a b",
        "é.jp",
        "[1:2:3:4:5:6:7:8:9]",
        "[1::2::3]",
        "[::ffff:256.2.3.4]",
        "[::1.2.3]",
        "[fe80::1%25eth0]",
        "[fe80::1%eth0]",
        "[v.a]",
        "[v1.]",
        "[vz.a]",
        "[::1",
        "::1]",
        "[]",
        "[:::]",
        "[12345::]",
        "[g::]",
    ],
};

const PORTS: Pool = Pool {
    valid: &["", ":", ":80", ":0080", ":65536"],
    broken: &[":8a", ":-1", "::", ":8:8"],
};

const SEGMENTS: Pool = Pool {
    valid: &[
        "",
        "a",
        "b.c",
        ".",
        "..",
        "...",
        "%2E",
        "%2F",
        "%7e",
        "a:b",
        ":",
        "@",
        "!$&'()*+,;=",
        "~",
    ],
    broken: &[
        "%zz", "%", "%4", "é", "例", "a b", "[", "]", "\\", "|", "^", "`", "{", "}", "<", ">",
        "\"", "\t", "\n", "\u{0}", "\u{7f}",
    ],
};

const QUERIES: Pool = Pool {
    valid: &["", "a=1&b=2", "?", "/", "q=%20", "k=v;w", ":@"],
    broken: &["%zz", "a b", "[", "]", "#", "é", "%"],
};

const MUTATIONS: &[&str] = &[
    ":", "/", "//", "?", "#", "[", "]", "@", "%", "%2", "%41", " ", ".", "..", "\u{0}", "\r",
    "\u{80}", "é", "a", "0", "9", "v", "+", "-", "~", "!", "'", "*",
];

/// Characters that separate the IRI grammar from the URI one: `ucschar`
/// from several planes, private use (query only), noncharacters, C1
/// controls, the bidi formatting characters RFC 3987 forbids, and an
/// isolate it does not list.
const IRI_MUTATIONS: &[&str] = &[
    "例",
    "é",
    "\u{A0}",
    "\u{9F}",
    "\u{1F600}",
    "\u{E1000}",
    "\u{FFFE}",
    "\u{E000}",
    "\u{F0000}",
    "\u{202E}",
    "\u{200E}",
    "\u{2066}",
    "?",
    "#",
    "%",
];

/// Produces URI-like strings from a seed.
pub struct Generator(Rng);

impl Generator {
    pub fn new(seed: u64) -> Generator {
        Generator(Rng(seed))
    }

    pub fn next_uri_like(&mut self) -> String {
        let rng = &mut self.0;
        let mut text = String::new();
        if rng.chance(75) {
            text.push_str(rng.piece(&SCHEMES));
            text.push(':');
        }
        if rng.chance(70) {
            text.push_str("//");
            if rng.chance(25) {
                text.push_str(rng.piece(&USERINFO));
                text.push('@');
            }
            text.push_str(rng.piece(&HOSTS));
            if rng.chance(30) {
                text.push_str(rng.piece(&PORTS));
            }
        }
        let segments = rng.below(5);
        let rooted = rng.chance(70);
        for i in 0..segments {
            if i > 0 || rooted {
                text.push('/');
            }
            text.push_str(rng.piece(&SEGMENTS));
        }
        if rng.chance(35) {
            text.push('?');
            text.push_str(rng.piece(&QUERIES));
        }
        if rng.chance(25) {
            text.push('#');
            text.push_str(rng.piece(&QUERIES));
        }
        for _ in 0..rng.below(6).saturating_sub(3) {
            mutate(rng, &mut text, MUTATIONS);
        }
        text
    }

    /// A URI-like string with one to three characters of the IRI grammar
    /// put in, replaced or taken out at random places.
    pub fn next_iri_like(&mut self) -> String {
        let mut text = self.next_uri_like();
        for _ in 0..=self.0.below(3) {
            mutate(&mut self.0, &mut text, IRI_MUTATIONS);
        }
        text
    }
}

/// Inserts, replaces or deletes at a random character boundary.
fn mutate(rng: &mut Rng, text: &mut String, pool: &[&'static str]) {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let at = boundaries[rng.below(boundaries.len())];
    let next = boundaries.iter().copied().find(|&b| b > at);
    match (rng.below(3), next) {
        (0, Some(end)) => text.replace_range(at..end, ""),
        (1, Some(end)) => text.replace_range(at..end, rng.pick(pool)),
        _ => text.insert_str(at, rng.pick(pool)),
    }
}
