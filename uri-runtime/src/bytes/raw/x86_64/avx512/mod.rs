//! AVX-512, in two rows of the table since CPUs gained its extensions in
//! steps: with VBMI, the parser's scans and normalization's two checks
//! sixty-four bytes per step (`scan.rs`) and `uri-core`'s grammar stamped
//! out over them; with VBMI2 (and BMI2 and POPCNT) besides, decoding and
//! encoding sixty-four and sixty-three bytes per step with no branch on
//! where the escapes are (`decode.rs`, `encode.rs`), and the encoders'
//! search for the first byte to escape sixty-four bytes per step (which
//! needs only AVX-512BW, but goes with the encoder it starts). Every CPU
//! with VBMI2 has VBMI, BMI2 and POPCNT, so the second row asks for all
//! of them.

pub(super) mod classify;
mod decode;
mod encode;
mod ip;
pub(super) mod scan;

use super::super::kernels::Kernels;
/// The grammar's IP readings for the parsers below.
use ip::{is_ipv4, is_ipv6};

/// The kernels of AVX-512BW with VBMI2, VBMI, BMI2 and POPCNT.
pub(in crate::bytes::raw) const VBMI2: Kernels = Kernels {
    name: "AVX-512 VBMI2",
    supported: || {
        std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vbmi2")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    },
    encode: Some(encode::push_escaped),
    kept_prefix: Some(encode::kept_prefix),
    decode: Some([decode::push_decoded::<false>, decode::push_decoded::<true>]),
    ..Kernels::NONE
};

/// The kernels of AVX-512BW with VBMI.
pub(in crate::bytes::raw) const VBMI: Kernels = Kernels {
    name: "AVX-512 VBMI",
    supported: || {
        std::is_x86_feature_detected!("avx512bw") && std::is_x86_feature_detected!("avx512vbmi")
    },
    parse: Some(parse),
    escapes_in_normal_form: Some([
        scan::escapes_in_normal_form::<false>,
        scan::escapes_in_normal_form::<true>,
    ]),
    has_dot_segments: Some(scan::has_dot_segments),
    ..Kernels::NONE
};

super::masks::parsers_over_masks!("avx512bw,avx512vbmi");
