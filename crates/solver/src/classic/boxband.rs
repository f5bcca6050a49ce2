//! The search node for hard puzzles: boxes and bands exchanging eliminations, after the
//! design Tom Dillon published with tdoku (github.com/t-dillon/tdoku, docs/sudoku.md,
//! "Getting Vectorized"; BSD-2), written anew for this crate. The band-word board
//! (`board.rs`) starts every search; a proper puzzle's board that would guess layouts
//! (a hard puzzle), and a full count's board at its first guess, are counted here (see
//! `super::search`).
//!
//! A box is a 4×4 matrix of 9-bit digit sets in one 256-bit vector, lane 4r + c:
//!
//! ```text
//!   c c c H      c: the box's cells (row r, column c)
//!   c c c H      H: "the digit is not in minirow r" (a negative triad)
//!   c c c H      V: "the digit is not in minicolumn c"
//!   V V V *      *: unused, always all digits
//! ```
//!
//! Each row and each column of the matrix holds each digit exactly once: a digit of a
//! minirow is in one of its three cells, or not in it. A cell keeps at least one digit,
//! a negative triad at least six (a minirow holds three). A band (three boxes side by
//! side, or stacked) keeps, per digit, which of the six placements of the digit in its
//! three rows (columns) are left: the minirow it takes in each box, all different. That
//! is six 9-bit lanes of a 128-bit vector, and the placements ruled out but not yet
//! applied, six more.
//!
//! Propagation is message passing, not passes over the board:
//! - a box restricted to some digits (`box_restrict`, around [`State::settle_box`])
//!   drops them, checks the least counts, asserts what is certain (a cell with one
//!   digit, a triad with six, a digit once in a row or column of the matrix), drops what
//!   that excludes in the box, and tells its two bands which placements the assertions
//!   rule out;
//! - a band told (`band_update`, around [`State::settle_band`]) drops those placements,
//!   applies "a minirow holding three digits holds exactly those" once, and restricts its
//!   three boxes to the digits its placements still allow.
//!
//! A guess takes the band with the fewest placements left and in it a digit with the
//! fewest (two, else three, else more): its first placement, then the others.
//!
//! Only on x86-64 with AVX2 (the engine's `V3` and `Avx512` levels): every function that
//! touches the vectors is compiled for those features, and the recursion between boxes
//! and bands stays in them.

use std::arch::x86_64::*;

use super::Counted;

const ALL: u16 = 0x1ff;

/// The six placements of a digit in a band: the minirow (or minicolumn) it takes in
/// each of the band's three boxes, numbered as the band words' layouts number them.
const PLACEMENTS: [[usize; 3]; 6] = super::tables::PERMUTATIONS;

/// Sets the shuffle control bytes of 16-bit lane `at` to take lane `l` of the same
/// 128-bit half (`_mm_shuffle_epi8` and `_mm256_shuffle_epi8` move bytes within halves).
const fn take(ctrl: &mut [u8], at: usize, l: usize) {
    ctrl[2 * at] = 2 * l as u8;
    ctrl[2 * at + 1] = 2 * l as u8 + 1;
}

/// A shuffle control byte giving 0.
const ZERO: u8 = 0x80;

/// The two placements putting the digit in minirow `e` of box `p`.
const fn with(p: usize, e: usize) -> [usize; 2] {
    let mut out = [0; 2];
    let (mut k, mut n) = (0, 0);
    while k < 6 {
        if PLACEMENTS[k][p] == e {
            out[n] = k;
            n += 1;
        }
        k += 1;
    }
    out
}

/// Placements (both halves hold them) to positive triads: lane 4p + e gets the digits
/// that may take minirow e of box p (the or of the two placements putting it there).
const TO_TRIADS: [[u8; 32]; 2] = {
    let mut t = [[ZERO; 32]; 2];
    let mut lane = 0;
    while lane < 16 {
        let (p, e) = (lane / 4, lane % 4);
        if p < 3 && e < 3 {
            let ks = with(p, e);
            take(&mut t[0], lane, ks[0]);
            take(&mut t[1], lane, ks[1]);
        }
        lane += 1;
    }
    t
};

/// Positive triads asserted (digits certainly in minirow e of box p) to the
/// placements they rule out (those putting the digit elsewhere in box p): one control
/// per box and per other minirow, read from the half holding the box's row of the
/// matrix (boxes 0, 1 in the low half, box 2 in the high one).
const ASSERTED_TO_ELIMS: [[[u8; 16]; 2]; 3] = {
    let mut t = [[[ZERO; 16]; 2]; 3];
    let mut p = 0;
    while p < 3 {
        let base = (4 * p) % 8;
        let mut k = 0;
        while k < 6 {
            let own = PLACEMENTS[k][p];
            let others = [(own + 1) % 3, (own + 2) % 3];
            let mut j = 0;
            while j < 2 {
                take(&mut t[p][j], k, base + others[j]);
                j += 1;
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// Positive triads of one box (lanes 0..3, lane 3 all digits) to the box's allowed
/// digits: a cell only the digits of its minirow (minicolumn), a negative triad the
/// digits of the other two, the lanes of the other direction anything. Two controls,
/// or'ed, per direction (0: rows, 1: columns).
const TRIADS_TO_BOX: [[[u8; 32]; 2]; 2] = {
    let mut t = [[[ZERO; 32]; 2]; 2];
    let mut dir = 0;
    while dir < 2 {
        let mut lane = 0;
        while lane < 16 {
            let (r, c) = (lane / 4, lane % 4);
            // Along the direction: e the minirow, n the cross coordinate.
            let (e, n) = if dir == 0 { (r, c) } else { (c, r) };
            let picks = if e == 3 {
                [3, 3]
            } else if n < 3 {
                [e, e]
            } else {
                [(e + 1) % 3, (e + 2) % 3]
            };
            take(&mut t[dir][0], lane, picks[0]);
            take(&mut t[dir][1], lane, picks[1]);
            lane += 1;
        }
        dir += 1;
    }
    t
};

/// A box's message to a band, from lanes 0..2 (negative triads asserted, by minirow)
/// and 4..6 (positive triads asserted) of each half (low: rows, high: columns): the
/// placements ruled out, for the box at position `p` of its row band (low half) and
/// `q` of its column band (high half). Three controls, or'ed: `[3 * p + q]`.
const TO_BAND: [[[u8; 32]; 3]; 9] = {
    let mut t = [[[ZERO; 32]; 3]; 9];
    let mut pq = 0;
    while pq < 9 {
        let pos = [pq / 3, pq % 3];
        let mut half = 0;
        while half < 2 {
            let p = pos[half];
            let mut k = 0;
            while k < 6 {
                let own = PLACEMENTS[k][p];
                let at = 8 * half + k;
                take(&mut t[pq][0], at, own);
                take(&mut t[pq][1], at, 4 + (own + 1) % 3);
                take(&mut t[pq][2], at, 4 + (own + 2) % 3);
                k += 1;
            }
            half += 1;
        }
        pq += 1;
    }
    t
};

/// Rotations of the 3×3 cells within their rows (the margins stay).
const ROTATE_3X3: [[u8; 32]; 2] = {
    let mut t = [[0u8; 32]; 2];
    let mut s = 0;
    while s < 2 {
        let mut lane = 0;
        while lane < 16 {
            let (r, c) = (lane / 4, lane % 4);
            let from = if r < 3 && c < 3 {
                4 * r + (c + 1 + s) % 3
            } else {
                lane
            };
            take(&mut t[s], lane, from % 8);
            lane += 1;
        }
        s += 1;
    }
    t
};

/// Rotation of each row of the matrix by one lane.
const ROTATE_ROWS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut lane = 0;
    while lane < 16 {
        take(&mut t, lane, (lane / 4 * 4 + (lane + 1) % 4) % 8);
        lane += 1;
    }
    t
};

/// Least counts: one digit a cell, six a negative triad (three digits fill a minirow).
const MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
const CELLS: [u16; 16] = [
    ALL, ALL, ALL, 0, ALL, ALL, ALL, 0, ALL, ALL, ALL, 0, 0, 0, 0, 0,
];

/// A box (16 lanes of 16 bits), or any 256-bit value the node computes with.
///
/// The `unsafe` of these helpers is the intrinsics': each is sound only on a CPU with
/// AVX2 (AVX-512 for the `WIDE` forms). They are all `#[inline(always)]` and called only
/// from the functions of `recursion!`, compiled for those features and entered only
/// after the CPU was checked (`classic::dispatch`, [`has_avx512`]).
#[derive(Clone, Copy)]
struct V(__m256i);
/// A band's placements (6 of 8 lanes of 16 bits), or any 128-bit value.
#[derive(Clone, Copy)]
struct H(__m128i);

impl V {
    #[inline(always)]
    fn of(l: &[u16; 16]) -> V {
        // SAFETY: AVX2 (see `V`); an unaligned load of the 32 bytes of `l`.
        unsafe { V(_mm256_loadu_si256(l.as_ptr().cast())) }
    }
    #[inline(always)]
    fn ctrl(b: &[u8; 32]) -> V {
        // SAFETY: AVX2 (see `V`); an unaligned load of the 32 bytes of `b`.
        unsafe { V(_mm256_loadu_si256(b.as_ptr().cast())) }
    }
    #[inline(always)]
    fn splat(x: u16) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_set1_epi16(x as i16)) }
    }
    #[inline(always)]
    fn halves(lo: H, hi: H) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_set_m128i(hi.0, lo.0)) }
    }
    #[inline(always)]
    fn lo(self) -> H {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { H(_mm256_castsi256_si128(self.0)) }
    }
    #[inline(always)]
    fn hi(self) -> H {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { H(_mm256_extracti128_si256(self.0, 1)) }
    }
    #[inline(always)]
    fn and(self, o: V) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_and_si256(self.0, o.0)) }
    }
    #[inline(always)]
    fn or(self, o: V) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_or_si256(self.0, o.0)) }
    }
    #[inline(always)]
    fn xor(self, o: V) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_xor_si256(self.0, o.0)) }
    }
    /// `self & !o`
    #[inline(always)]
    fn without(self, o: V) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_andnot_si256(o.0, self.0)) }
    }
    #[inline(always)]
    fn subset_of(self, o: V) -> bool {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { _mm256_testc_si256(o.0, self.0) != 0 }
    }
    #[inline(always)]
    fn intersects(self, o: V) -> bool {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { _mm256_testz_si256(self.0, o.0) == 0 }
    }
    /// The number of digits in each lane.
    #[inline(always)]
    fn counts<const WIDE: bool>(self) -> V {
        if WIDE {
            // SAFETY: `WIDE` only in functions compiled for AVX-512 BITALG and VL.
            return unsafe { V(_mm256_popcnt_epi16(self.0)) };
        }
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe {
            let lookup = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low =
                _mm256_shuffle_epi8(lookup, _mm256_and_si256(self.0, _mm256_set1_epi16(0x0f)));
            let high = _mm256_shuffle_epi8(lookup, _mm256_srli_epi16(self.0, 4));
            V(_mm256_add_epi16(
                _mm256_add_epi16(low, high),
                _mm256_srli_epi16(self.0, 8),
            ))
        }
    }
    #[inline(always)]
    fn any_below<const WIDE: bool>(self, o: V) -> bool {
        if WIDE {
            // SAFETY: `WIDE` only in functions compiled for AVX-512 BW and VL.
            return unsafe { _mm256_cmplt_epi16_mask(self.0, o.0) != 0 };
        }
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { _mm256_movemask_epi8(_mm256_cmpgt_epi16(o.0, self.0)) != 0 }
    }
    #[inline(always)]
    fn equal(self, o: V) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_cmpeq_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    fn nonzero(self) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_cmpgt_epi16(self.0, _mm256_setzero_si256())) }
    }
    #[inline(always)]
    fn shuffle(self, c: &[u8; 32]) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_shuffle_epi8(self.0, V::ctrl(c).0)) }
    }
    /// Each row of the matrix rotated by one lane.
    #[inline(always)]
    fn turn_rows<const WIDE: bool>(self) -> V {
        if WIDE {
            // SAFETY: `WIDE` only in functions compiled for AVX-512 VBMI2 and VL.
            return unsafe { V(_mm256_shrdi_epi64(self.0, self.0, 16)) };
        }
        self.shuffle(&ROTATE_ROWS)
    }
    /// Each row rotated by two lanes.
    #[inline(always)]
    fn turn_rows2(self) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_shuffle_epi32(self.0, 0b10_11_00_01)) }
    }
    /// The rows rotated by one (each column rotated).
    #[inline(always)]
    fn turn_cols(self) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_permute4x64_epi64(self.0, 0b00_11_10_01)) }
    }
    #[inline(always)]
    fn turn_cols2(self) -> V {
        // SAFETY: AVX2 (see `V`: called only from code compiled for it); registers only.
        unsafe { V(_mm256_permute4x64_epi64(self.0, 0b01_00_11_10)) }
    }
    #[inline(always)]
    fn lanes(self) -> [u16; 16] {
        // SAFETY: the vector and the array have the same size, and any bits are valid
        // for both.
        unsafe { std::mem::transmute(self.0) }
    }
}

impl H {
    #[inline(always)]
    fn of(l: &[u16; 8]) -> H {
        // SAFETY: SSE2 (on every x86-64); an unaligned load of the 16 bytes of `l`.
        unsafe { H(_mm_loadu_si128(l.as_ptr().cast())) }
    }
    #[inline(always)]
    fn or(self, o: H) -> H {
        // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
        unsafe { H(_mm_or_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn without(self, o: H) -> H {
        // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
        unsafe { H(_mm_andnot_si128(o.0, self.0)) }
    }
    #[inline(always)]
    fn intersects(self, o: H) -> bool {
        // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
        unsafe { _mm_testz_si128(self.0, o.0) == 0 }
    }
    #[inline(always)]
    fn shuffle(self, c: &[u8; 16]) -> H {
        // SAFETY: SSSE3 (every AVX2 CPU has it, see `V`); an unaligned load of the 16 bytes of `c`.
        unsafe { H(_mm_shuffle_epi8(self.0, _mm_loadu_si128(c.as_ptr().cast()))) }
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
        unsafe {
            (_mm_cvtsi128_si64(self.0) as u64).count_ones()
                + (_mm_extract_epi64(self.0, 1) as u64).count_ones()
        }
    }
    #[inline(always)]
    fn lanes(self) -> [u16; 8] {
        // SAFETY: the vector and the array have the same size, and any bits are valid
        // for both.
        unsafe { std::mem::transmute(self.0) }
    }
    /// Lanes 4..8 moved to 0..4.
    #[inline(always)]
    fn upper(self) -> H {
        // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
        unsafe { H(_mm_unpackhi_epi64(self.0, self.0)) }
    }
}

#[derive(Clone, Copy)]
struct Band {
    placements: H,
    /// Placements ruled out, applied at the band's next update (only ever grows).
    out: H,
}

/// A search node: 9 boxes and 6 bands (0..3 rows of boxes, 3..6 columns), 480 bytes.
#[derive(Clone, Copy)]
pub struct State {
    boxes: [V; 9],
    bands: [Band; 6],
}

/// Row band and position in it, column band and position in it, of each box.
const fn place(b: usize) -> (usize, usize, usize, usize) {
    (b / 3, b % 3, 3 + b % 3, b / 3)
}

/// The cell (index 9 * row + column) in row `r`, column `c` of box `b`.
const fn cell_of(b: usize, r: usize, c: usize) -> usize {
    (b / 3 * 3 + r) * 9 + b % 3 * 3 + c
}

/// The box at position `p` of band `band`.
const fn box_at(band: usize, p: usize) -> usize {
    if band < 3 {
        3 * band + p
    } else {
        3 * p + (band - 3)
    }
}

impl State {
    fn empty() -> State {
        let all = H::of(&[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);
        let none = H::of(&[0; 8]);
        State {
            boxes: [V::splat(ALL); 9],
            bands: [Band {
                placements: all,
                out: none,
            }; 6],
        }
    }

    /// The first half of a band update: applies band `band`'s pending eliminations and
    /// the "three digits a minirow" rule once. The positive triads of its three boxes
    /// (lanes 0..3 each) when that changed anything.
    #[inline(always)]
    fn settle_band<const WIDE: bool>(&mut self, band: usize) -> Option<[H; 3]> {
        let bd = &mut self.bands[band];
        if !bd.placements.intersects(bd.out) {
            return None;
        }
        let mut placements = bd.placements.without(bd.out);
        let triads = to_triads(placements);
        let sure = triads.and(triads.counts::<WIDE>().equal(V::splat(3)));
        let (lo, hi) = (sure.lo(), sure.hi());
        let ruled = lo
            .shuffle(&ASSERTED_TO_ELIMS[0][0])
            .or(lo.shuffle(&ASSERTED_TO_ELIMS[0][1]))
            .or(lo.shuffle(&ASSERTED_TO_ELIMS[1][0]))
            .or(lo.shuffle(&ASSERTED_TO_ELIMS[1][1]))
            .or(hi.shuffle(&ASSERTED_TO_ELIMS[2][0]))
            .or(hi.shuffle(&ASSERTED_TO_ELIMS[2][1]));
        placements = placements.without(ruled);
        bd.placements = placements;
        let triads = to_triads(placements);
        Some([triads.lo(), triads.lo().upper(), triads.hi()])
    }

    /// The first half of a box restriction: restricts box `b` to `allowed` and
    /// propagates within the box, leaving what its bands lose in their pending
    /// eliminations. `None` on a contradiction, `Some(false)` when nothing changed.
    #[inline(always)]
    fn settle_box<const WIDE: bool>(&mut self, b: usize, allowed: V) -> Option<bool> {
        let mut cells = self.boxes[b];
        if cells.subset_of(allowed) {
            return Some(false);
        }
        let mut out = cells.without(allowed);
        let (rb, p, cb, q) = place(b);
        let minimums = V::of(&MINIMUMS);
        loop {
            cells = cells.without(out);
            let counts = cells.counts::<WIDE>();
            if counts.any_below::<WIDE>(minimums) {
                return None;
            }
            let mut sure = cells.and(counts.equal(minimums));
            sure = sure.or(cells.without(twice::<WIDE, true>(cells)));
            sure = sure.or(cells.without(twice::<WIDE, false>(cells)));
            let (new_out, to_bands) = eliminations::<WIDE>(sure, 3 * p + q);
            out = out.or(new_out);
            self.bands[rb].out = self.bands[rb].out.or(to_bands.lo());
            self.bands[cb].out = self.bands[cb].out.or(to_bands.hi());
            if !out.intersects(cells) {
                break;
            }
        }
        self.boxes[b] = cells;
        Some(true)
    }

    /// What to guess: the band with the fewest placements left (not yet one a digit),
    /// and in it a digit with the fewest (two, else three, else more), as its bit.
    /// `None` when every band is settled: a solution.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (i, band) in self.bands.iter().enumerate() {
            let n = band.placements.popcount();
            if n > 9 && n < fewest {
                best = Some(i);
                fewest = n;
            }
        }
        let band = best?;
        // Per digit, how many placements are left (bit-sliced over the six lanes).
        let l = self.bands[band].placements.lanes();
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &x in &l[..6] {
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let pick = [two & !three, three & !four, four]
            .into_iter()
            .find(|&m| m != 0)
            .expect("a band of ten placements has a digit with two");
        Some((band, pick & pick.wrapping_neg()))
    }

    /// The placements of band `band` other than the first of the digit `bit`
    /// (`rest`), and that first one alone (`only`): the two sides of a guess.
    #[inline(always)]
    fn sides(&self, band: usize, bit: u16) -> (H, H) {
        let l = self.bands[band].placements.lanes();
        let first = l[..6]
            .iter()
            .position(|&x| x & bit != 0)
            .expect("a placement");
        let (mut rest, mut only) = ([0u16; 8], [0u16; 8]);
        for k in (0..6).filter(|&k| l[k] & bit != 0) {
            match k == first {
                true => only[k] = bit,
                false => rest[k] = bit,
            }
        }
        (H::of(&rest), H::of(&only))
    }

    /// The 81 values of a solved state.
    pub fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for b in 0..9 {
            let l = self.boxes[b].lanes();
            for r in 0..3 {
                for c in 0..3 {
                    out[cell_of(b, r, c)] = l[4 * r + c].trailing_zeros() as u8 + 1;
                }
            }
        }
        out
    }
}

/// Placements to positive triads (lane 4p + e: digits that may take minirow e of box p).
#[inline(always)]
fn to_triads(placements: H) -> V {
    let both = V::halves(placements, placements);
    both.shuffle(&TO_TRIADS[0]).or(both.shuffle(&TO_TRIADS[1]))
}

/// A box's allowed digits from its three positive triads (lanes 0..3 of `triads`).
#[inline(always)]
fn box_mask(triads: H, dir: usize) -> V {
    let x = triads.or(H::of(&[0, 0, 0, ALL, 0, 0, 0, 0]));
    let both = V::halves(x, x);
    both.shuffle(&TRIADS_TO_BOX[dir][0])
        .or(both.shuffle(&TRIADS_TO_BOX[dir][1]))
}

/// The digits seen twice or more in each row (`ROWS`) or each column of the matrix.
#[inline(always)]
fn twice<const WIDE: bool, const ROWS: bool>(cells: V) -> V {
    let turn = |x: V| {
        if ROWS {
            x.turn_rows::<WIDE>()
        } else {
            x.turn_cols()
        }
    };
    let mut once = cells;
    let mut turned = turn(cells);
    let mut two = once.and(turned);
    once = once.or(turned);
    turned = turn(turned);
    two = two.or(once.and(turned));
    once = once.or(turned);
    turned = turn(turned);
    two.or(once.and(turned))
}

/// From what a box knows for sure (`sure`: placed cells, negative triads), what leaves
/// the box and what its two bands lose (low half: its row band, high: its column band).
#[inline(always)]
fn eliminations<const WIDE: bool>(sure: V, pq: usize) -> (V, V) {
    let placed = sure.and(V::of(&CELLS));
    let mut rows = placed.or(placed.turn_rows::<WIDE>());
    rows = rows.or(rows.turn_rows2());
    let mut cols = placed.or(placed.turn_cols());
    cols = cols.or(cols.turn_cols2());
    let everywhere = cols
        .or(cols.shuffle(&ROTATE_3X3[0]))
        .or(cols.shuffle(&ROTATE_3X3[1]));
    let spread = everywhere.or(rows).or(placed.nonzero());
    let out = spread.xor(placed);
    // Negative triads sure (lanes 0..2) and positive ones (digits placed in a minirow:
    // the margin lanes of `spread`, 4..6), rows in the low half, columns in the high.
    let gather = gather_margins(sure, spread);
    let to_bands = gather
        .shuffle(&TO_BAND[pq][0])
        .or(gather.shuffle(&TO_BAND[pq][1]))
        .or(gather.shuffle(&TO_BAND[pq][2]));
    (out, to_bands)
}

/// Margin lanes: low half lanes 0..3 the H lanes of `neg`, 4..7 those of `pos`; high
/// half lanes 0..3 the V lanes of `neg`, 4..7 those of `pos`.
#[inline(always)]
fn gather_margins(neg: V, pos: V) -> V {
    // H lanes 3, 7 (low half) and 11 (high half lane 3); V lanes 12..15 (high 4..7).
    const H_LO: [u8; 16] = [
        6, 7, 14, 15, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO,
    ];
    const H_HI: [u8; 16] = [
        ZERO, ZERO, ZERO, ZERO, 6, 7, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO,
    ];
    const V_HI: [u8; 16] = [
        8, 9, 10, 11, 12, 13, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO,
    ];
    let h_of = |x: V| x.lo().shuffle(&H_LO).or(x.hi().shuffle(&H_HI));
    let v_of = |x: V| x.hi().shuffle(&V_HI);
    let (hn, hp) = (h_of(neg), h_of(pos));
    let (vn, vp) = (v_of(neg), v_of(pos));
    // SAFETY: SSE4.1 at most (every AVX2 CPU has it, see `V`); registers only.
    unsafe {
        V::halves(
            H(_mm_unpacklo_epi64(hn.0, hp.0)),
            H(_mm_unpacklo_epi64(vn.0, vp.0)),
        )
    }
}

/// The recursive part of the node (box and band updates calling each other, and the
/// search), compiled once per instruction set: `$wide` uses AVX-512's 16-bit popcount,
/// mask compares and funnel shifts.
macro_rules! recursion {
    ($name:ident, $features:literal, $wide:literal) => {
        pub(super) mod $name {
            use super::*;

            /// Counts the solutions of the board whose cells have the candidates `cands`
            /// (index 9 * row + column, bit d for digit d + 1) into `found`, up to
            /// `limit`, keeping the first when `keep_first`.
            #[target_feature(enable = $features)]
            pub(in super::super) fn count(
                cands: &[u16; 81],
                limit: u64,
                keep_first: bool,
                found: &mut Counted,
            ) {
                let mut s = State::empty();
                // Each box restricted to its cells' candidates in turn.
                for b in 0..9 {
                    let mut allowed = [ALL; 16];
                    for r in 0..3 {
                        for c in 0..3 {
                            allowed[4 * r + c] = cands[cell_of(b, r, c)];
                        }
                    }
                    if !box_restrict(&mut s, b, V::of(&allowed), 0) {
                        return;
                    }
                }
                search(&mut s, limit, keep_first, found);
            }

            /// Depth-first: guess a digit's first placement in the band [`State::choose`]
            /// picks, then the others (on `s` itself: no copy for the second side).
            #[target_feature(enable = $features)]
            fn search(s: &mut State, limit: u64, keep_first: bool, found: &mut Counted) {
                let Some((band, bit)) = s.choose() else {
                    found.count += 1;
                    if keep_first && found.first.is_none() {
                        found.first = Some(s.values());
                    }
                    return;
                };
                let (rest, only) = s.sides(band, bit);
                found.guesses += 1;
                let mut child = *s;
                child.bands[band].out = child.bands[band].out.or(rest);
                if band_update(&mut child, band, 0) {
                    search(&mut child, limit, keep_first, found);
                    if found.count >= limit {
                        return;
                    }
                }
                s.bands[band].out = s.bands[band].out.or(only);
                if band_update(s, band, 0) {
                    search(s, limit, keep_first, found);
                }
            }

            /// Updates band `band` and restricts its boxes (the one it heard from, at
            /// position `from`, last). `false` on a contradiction.
            #[target_feature(enable = $features)]
            fn band_update(s: &mut State, band: usize, from: usize) -> bool {
                let Some(rows) = s.settle_band::<$wide>(band) else {
                    return true;
                };
                let dir = usize::from(band >= 3);
                for p in [(from + 1) % 3, (from + 2) % 3, from] {
                    if !box_restrict(s, box_at(band, p), box_mask(rows[p], dir), dir) {
                        return false;
                    }
                }
                true
            }

            /// Restricts box `b` to `allowed`, then updates its bands (the other
            /// direction than `from_dir` first). `false` on a contradiction.
            #[target_feature(enable = $features)]
            fn box_restrict(s: &mut State, b: usize, allowed: V, from_dir: usize) -> bool {
                match s.settle_box::<$wide>(b, allowed) {
                    None => false,
                    Some(false) => true,
                    Some(true) => {
                        let (rb, p, cb, q) = place(b);
                        if from_dir == 0 {
                            band_update(s, cb, q) && band_update(s, rb, p)
                        } else {
                            band_update(s, rb, p) && band_update(s, cb, q)
                        }
                    }
                }
            }
        }
    };
}

recursion!(avx2, "avx2,bmi1,bmi2,lzcnt,popcnt", false);
recursion!(
    avx512,
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512vl,avx512bitalg,avx512vbmi2",
    true
);

/// Does this CPU have what [`avx512::count`] needs: the engine's AVX-512 level, and
/// BITALG and VBMI2 beside it? (Detected once.)
pub(super) fn has_avx512() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        super::Level::Avx512.is_supported()
            && std::is_x86_feature_detected!("avx512bitalg")
            && std::is_x86_feature_detected!("avx512vbmi2")
    })
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::{count_on, Counted, Level};
    use super::*;

    /// The node's count of a puzzle's board (propagated givens), from each form this CPU
    /// runs: its count, its guesses, its first solution.
    fn node_counts(values: &[u8], limit: u64) -> Vec<Counted> {
        let cands = Board::from_values(values)
            .expect("no equal givens")
            .candidates();
        let mut out = Vec::new();
        let run = |count: &dyn Fn(&mut Counted)| {
            let mut found = Counted {
                count: 0,
                first: None,
                guesses: 0,
                invalid: false,
                cancelled: false,
            };
            count(&mut found);
            found
        };
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 (and BMI, LZCNT, POPCNT with it on every such CPU) just checked.
            out.push(run(&|f| unsafe { avx2::count(&cands, limit, true, f) }));
        }
        if has_avx512() {
            // SAFETY: checked by `has_avx512`.
            out.push(run(&|f| unsafe { avx512::count(&cands, limit, true, f) }));
        }
        out
    }

    /// Hard puzzles, the same with givens taken away (many solutions), and with a given
    /// changed (none): the node counts as the band-word board does (the portable level
    /// never uses the node), finds the same first solution of a proper puzzle, and a
    /// valid one of the others.
    #[test]
    fn the_node_counts_what_the_band_words_count() {
        if !std::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 here: the node cannot run");
            return;
        }
        let mut searched = 0;
        for grid in sudokit_testdata::sample("puzzles6_forum_hardest_1106.txt", 40) {
            let values: Vec<u8> = grid.values().to_vec();
            let mut fewer = values.clone();
            let givens: Vec<usize> = (0..81).filter(|&i| values[i] != 0).collect();
            for &i in givens.iter().step_by(4) {
                fewer[i] = 0;
            }
            // The last given changed to a digit none of its peers' givens has.
            let mut wrong = values.clone();
            let last = *givens.last().expect("givens");
            wrong[last] = (1..=9)
                .find(|&d| {
                    wrong[last] = d;
                    d != values[last] && Board::from_values(&wrong).is_ok()
                })
                .expect("a digit free of its peers");
            for (case, limit) in [(&values, 2), (&values, 1), (&fewer, 50), (&wrong, 2)] {
                let want = count_on(Level::Portable, case, limit, true);
                for got in node_counts(case, limit) {
                    assert_eq!(got.count, want.count, "{case:?} limit {limit}");
                    let Some(first) = got.first else {
                        assert_eq!(want.count, 0);
                        continue;
                    };
                    assert!(solves(case, &first), "{case:?}: {first:?}");
                    if want.count == 1 {
                        assert_eq!(Some(first), want.first);
                    }
                    searched += got.guesses;
                }
            }
        }
        assert!(
            searched > 1000,
            "only {searched} guesses: the node was hardly used"
        );
    }

    /// A kept first solution of a grid with many is the band words' on every level,
    /// as the generator completes its random grids (a first row and a dozen random
    /// givens): the node would find another, and a seed would make other puzzles.
    #[test]
    fn kept_first_solutions_are_the_band_words_on_every_level() {
        let mut rng = sudokit_core::rng::Rng::new(5);
        let mut many = 0;
        for _ in 0..200 {
            let mut values = [0u8; 81];
            let mut row: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut row);
            values[..9].copy_from_slice(&row);
            for _ in 0..12 {
                let (cell, digit) = (9 + rng.below(72), 1 + rng.below(9) as u8);
                values[cell] = digit;
                if Board::from_values(&values).is_err() {
                    values[cell] = 0;
                }
            }
            let want = count_on(Level::Portable, &values, 1, true);
            for level in Level::supported() {
                assert_eq!(
                    count_on(level, &values, 1, true).first,
                    want.first,
                    "{level:?}"
                );
            }
            many += usize::from(count_on(Level::Portable, &values, 2, false).count == 2);
        }
        assert!(many > 150, "only {many} grids with many solutions");
    }

    /// Is `s` a solved grid keeping the givens of `puzzle`?
    fn solves(puzzle: &[u8], s: &[u8; 81]) -> bool {
        let house = |cells: &mut dyn Iterator<Item = usize>| {
            cells.fold(0u16, |seen, c| seen | 1 << s[c]) == 0x3fe
        };
        (0..9).all(|i| {
            house(&mut (0..9).map(|j| 9 * i + j))
                && house(&mut (0..9).map(|j| 9 * j + i))
                && house(&mut (0..9).map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3))
        }) && puzzle.iter().zip(s).all(|(&p, &v)| p == 0 || p == v)
    }
}
