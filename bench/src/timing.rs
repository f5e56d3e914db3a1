//! Interleaved rounds: in each round every subject of an operation makes
//! one pass, in an order that rotates from round to round, so each ratio
//! compares passes made under the same machine load.

use std::hint::black_box;
use std::time::Instant;

use crate::operation::Operation;

/// The seconds of each subject's pass in each round: `[subject][round]`,
/// subjects in [`Operation::subjects`] order.
pub fn rounds(operation: &Operation<'_>, rounds: usize) -> Vec<Vec<f64>> {
    let subjects: Vec<_> = operation.subjects().collect();
    // One untimed pass each: page in the code and the input.
    for subject in &subjects {
        black_box((subject.run)());
    }
    let mut seconds = vec![Vec::with_capacity(rounds); subjects.len()];
    for round in 0..rounds {
        for k in 0..subjects.len() {
            let which = (round + k) % subjects.len();
            let start = Instant::now();
            black_box((subjects[which].run)());
            seconds[which].push(start.elapsed().as_secs_f64());
        }
    }
    seconds
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => f64::midpoint(sorted[n / 2 - 1], sorted[n / 2]),
    }
}

/// The median over rounds of `times[round] / reference[round]`.
pub fn median_ratio(times: &[f64], reference: &[f64]) -> f64 {
    let ratios: Vec<f64> = times.iter().zip(reference).map(|(t, r)| t / r).collect();
    median(&ratios)
}
