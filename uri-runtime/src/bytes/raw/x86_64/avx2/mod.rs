//! AVX2: the parser's scans with SSSE3's classifier on thirty-two bytes
//! at once (`scan.rs`), the text classified once a block of sixty-four
//! bytes for the scans read from masks (`classify.rs`), and `uri-core`'s
//! grammar stamped out over those,
//! normalization's two checks on thirty-two bytes a step (`checks.rs`),
//! the first byte an encoder escapes found thirty-two bytes a step
//! (`scan.rs`), and decoding thirty-two bytes a step with no branch on
//! where the escapes are (`decode.rs`). Called only after the CPU said it has AVX2.

mod checks;
pub(super) mod classify;
mod decode;
pub(super) mod scan;

use super::super::kernels::Kernels;
/// The grammar's IP readings for the parsers below: IPv4 from SSE2's
/// masks, IPv6 by `uri-core`.
use super::ip::is_ipv4;
use uri_core::__private::is_ipv6;

/// The kernels AVX2 runs.
pub(in crate::bytes::raw) const KERNELS: Kernels = Kernels {
    name: "AVX2",
    supported: || std::is_x86_feature_detected!("avx2"),
    decode: Some([decode::push_decoded::<false>, decode::push_decoded::<true>]),
    parse: Some(parse),
    kept_prefix: Some(scan::kept_prefix),
    escapes_in_normal_form: Some([
        checks::escapes_in_normal_form::<false>,
        checks::escapes_in_normal_form::<true>,
    ]),
    has_dot_segments: Some(checks::has_dot_segments),
    ..Kernels::NONE
};

super::masks::parsers_over_masks!("avx2");
