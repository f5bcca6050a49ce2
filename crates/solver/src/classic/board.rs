//! The 9×9 board and its propagation.
//!
//! ```text
//! cand[9 * band + digit]   27-bit band word: the digit's candidate cells in the band
//!                          (bit 9 * row + column, see tables.rs); the nine words of a
//!                          band are contiguous
//! solved[band]             cells whose digit is committed: removed from the other
//!                          digits, and the row, box and column peers cleared
//! dirty                    bit 9 * band + digit: word changed since its band update
//! vdirty                   bit 9 * band + digit: word changed since the last stack pass
//!                          (not kept up when enumerating, which never runs that pass:
//!                          keeping it cost about 12% of the time of a full count)
//! tdirty                   bit 9 * band + digit: word changed between the last triples
//!                          pass and the last stack pass (the stack pass hands its
//!                          `vdirty` on; the triples run only after a stack pass)
//! ```
//!
//! Propagation, cheapest first, to a fixed point:
//! 1. band update of each dirty word: keep the minirows on a possible layout; a row with
//!    one candidate left is a placement (hidden single in a row, and through the layout
//!    rule, in a box);
//! 2. naked singles: bit-sliced counts over the nine words of each band;
//! 3. stack pass: the layout rule on minicolumns (locked candidates in the column
//!    direction, hence hidden singles in columns);
//! 4. triads (tdoku's "exactly three digits" per minirow and minicolumn, both ways):
//!    a minirow or minicolumn whose cells hold only three digits has all three, which
//!    leave the rest of its row (column) and box; one into which three digits are forced
//!    (each alone in its row, or column) keeps only those three.

use super::endgame::{Endgame, MAX_OPEN};
use super::tables::{
    BAND_PEERS, COLUMN_CELLS, CONFIGS, LAYOUT, LAYOUT_CELLS, MINIROW_CELLS, PERM_MINIS, ROW_INFO,
};

/// All 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The cells of rows 0, 1, 2 of a band, indexed by a 3-bit row set.
const ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut k = 0;
        while k < 3 {
            if m & (1 << k) != 0 {
                t[m] |= 0x1ff << (9 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The cells of boxes 0, 1, 2 of a band, indexed by a 3-bit box set.
const BOXES: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut k = 0;
        while k < 3 {
            if m & (1 << k) != 0 {
                t[m] |= (7 | 7 << 9 | 7 << 18) << (3 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The two other bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The 20 peers of each of the 81 cells (index 27 * band + cell), as band words.
static PEER_BANDS: [[u32; 3]; 81] = {
    let mut t = [[0u32; 3]; 81];
    let mut x = 0;
    while x < 81 {
        let mut y = 0;
        while y < 81 {
            let (rx, cx, ry, cy) = (x / 9, x % 9, y / 9, y % 9);
            let same_box = rx / 3 == ry / 3 && cx / 3 == cy / 3;
            if x != y && (rx == ry || cx == cy || same_box) {
                t[x][y / 27] |= 1 << (y % 27);
            }
            y += 1;
        }
        x += 1;
    }
    t
};

/// For a 9-bit set of minirows a digit must occupy: the other minirows of their rows and
/// boxes, which it must leave.
static FORCED_OUT: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut out = 0u16;
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                out |= (7 << (3 * (i / 3))) | (0o111 << (i % 3));
            }
            i += 1;
        }
        t[m] = out & !(m as u16);
        m += 1;
    }
    t
};

/// For a layout-consistent minirow map: the minirows alone in their row (forced).
static ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 3 {
            let r = (m >> (3 * k)) & 7;
            if r != 0 && r & (r - 1) == 0 {
                t[m] |= (r << (3 * k)) as u16;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The minirow map of a band word: bit `3 * row + box` when the minirow has a candidate.
#[inline(always)]
fn minirows(w: u32) -> usize {
    let r0 = ROW_INFO[(w & 0x1ff) as usize] & 7;
    let r1 = ROW_INFO[((w >> 9) & 0x1ff) as usize] & 7;
    let r2 = ROW_INFO[((w >> 18) & 0x1ff) as usize] & 7;
    r0 as usize | (r1 as usize) << 3 | (r2 as usize) << 6
}

/// The minicolumn map of stack `s` for one digit, from its column sets in the three
/// bands (see [`columns`]): bit `3 * band + column in the stack`.
#[inline(always)]
fn minicolumns(cols: [u32; 3], s: usize) -> usize {
    let part = |c: u32| ((c >> (3 * s)) & 7) as usize;
    part(cols[0]) | part(cols[1]) << 3 | part(cols[2]) << 6
}

/// The 9 columns (bit = column) holding a bit of band word `w`.
#[inline(always)]
fn columns(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1ff
}

/// The cells of the rows of band word `w` that hold one candidate, for a `w` with a
/// candidate in every row (as the layout rule leaves it). Nine bits a row, all rows at
/// once: `w & (w - 1)` clears each row's lowest bit without borrowing across rows;
/// adding `0xff` to a row's low eight bits carries into its ninth when any is set.
#[inline(always)]
fn single_rows(w: u32) -> u32 {
    debug_assert!((0..3).all(|k| (w >> (9 * k)) & 0x1ff != 0), "an empty row");
    const LOW: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW8: u32 = 0xff * LOW;
    const HIGH: u32 = 0x100 * LOW;
    let rest = w & w.wrapping_sub(LOW);
    let busy = (((rest & LOW8) + LOW8) | rest) & HIGH;
    let lone = !busy & HIGH;
    (lone << 1) - (lone >> 8)
}

/// Bit-sliced counts of nine maps, per bit: seen once or three times (`ones`), two or
/// three times (`twos`), four times or more (`many`).
struct Tally<T> {
    ones: T,
    twos: T,
    many: T,
}

impl<T> Tally<T>
where
    T: Copy
        + Default
        + PartialEq
        + std::ops::BitAnd<Output = T>
        + std::ops::BitXor<Output = T>
        + std::ops::BitOr<Output = T>
        + std::ops::Not<Output = T>,
{
    #[inline(always)]
    fn of(maps: [T; 9]) -> Tally<T> {
        let mut t = Tally {
            ones: T::default(),
            twos: T::default(),
            many: T::default(),
        };
        for m in maps {
            let carry1 = t.ones & m;
            t.ones = t.ones ^ m;
            let carry2 = t.twos & carry1;
            t.twos = t.twos ^ carry1;
            t.many = t.many | carry2;
        }
        t
    }

    /// The bits seen exactly three times.
    #[inline(always)]
    fn exactly_three(&self) -> T {
        self.ones & self.twos & !self.many
    }

    /// The bits seen three times, or a contradiction if any was seen more often.
    #[inline(always)]
    fn three_at_most(&self) -> Result<T, Contradiction> {
        if self.many != T::default() {
            return Err(Contradiction);
        }
        Ok(self.ones & self.twos)
    }
}

/// How far [`Board::propagate`] goes beyond band updates (the layout rule on minirows,
/// hidden singles in rows and boxes) and naked singles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// No further: for enumerating many solutions, where the tree is about as large as
    /// the number of solutions whatever is propagated, so lighter nodes pay (measured:
    /// 0.61 of the time of full propagation, counting 200 puzzles of 132,000 solutions
    /// each).
    Rows,
    /// The stack pass too (the layout rule on minicolumns, hidden singles in columns):
    /// for the generator's nearly solved boards.
    Stacks,
    /// The triads too: they pay on hard puzzles. They also keep the layout guesses safe
    /// on sparse boards. Measured without them once guesses go to layouts: proper hard
    /// puzzles ran 0.95 of the time, but the empty grid's first solution was not found
    /// in 20 s and 10-given grids took up to 35 ms (0.1 ms with them).
    Triads,
}

/// A contradiction: this line of search has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// Candidates and progress of one 9×9 search state (a `Copy` value: a guess copies it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    cand: [u32; 27],
    solved: [u32; 3],
    dirty: u32,
    vdirty: u32,
    tdirty: u32,
}

impl Board {
    /// The board of `values` (81 values, 0 = blank) with the givens' own eliminations
    /// made: their cells taken from the other digits, their rows, columns and boxes from
    /// their digit. Two equal givens in a house are a contradiction.
    #[inline(always)]
    pub fn from_values(values: &[u8]) -> Result<Board, Contradiction> {
        let mut placed = [[0u32; 3]; 9];
        let (mut rows_used, mut cols_used, mut boxes_used) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = v as usize - 1;
            let (row, col) = (i / 9, i % 9);
            let (rbit, cbit, bbit) = (1 << row, 1 << col, 1 << (row / 3 * 3 + col / 3));
            if (rows_used[d] & rbit) | (cols_used[d] & cbit) | (boxes_used[d] & bbit) != 0 {
                return Err(Contradiction);
            }
            rows_used[d] |= rbit;
            cols_used[d] |= cbit;
            boxes_used[d] |= bbit;
            placed[d][i / 27] |= 1 << (i % 27);
        }
        let mut board = Board {
            cand: [0; 27],
            solved: [0; 3],
            dirty: BAND,
            vdirty: BAND,
            tdirty: BAND,
        };
        for b in 0..3 {
            board.solved[b] = placed.iter().fold(0, |g, p| g | p[b]);
        }
        for (d, given) in placed.iter().enumerate() {
            for (b, &cells) in given.iter().enumerate() {
                let band_rows = ((rows_used[d] >> (3 * b)) & 7) as usize;
                let band_boxes = ((boxes_used[d] >> (3 * b)) & 7) as usize;
                let taken =
                    ROWS[band_rows] | BOXES[band_boxes] | COLUMN_CELLS[cols_used[d] as usize];
                board.cand[9 * b + d] = (BAND & !taken & !board.solved[b]) | cells;
            }
        }
        Ok(board)
    }

    /// The candidates of each cell (index 9 * row + column), bit d for digit d + 1.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn candidates(&self) -> [u16; 81] {
        let mut out = [0u16; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut w = self.cand[9 * b + d];
                while w != 0 {
                    out[27 * b + w.trailing_zeros() as usize] |= 1 << d;
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// Is every cell committed?
    #[inline(always)]
    pub fn is_solved(&self) -> bool {
        self.solved == [BAND; 3]
    }

    /// The open cells as an [`Endgame`], when at most [`MAX_OPEN`] are left.
    #[inline(always)]
    pub fn endgame(&self) -> Option<Endgame> {
        let open = self.solved.map(|s| BAND & !s);
        let n: u32 = open.iter().map(|w| w.count_ones()).sum();
        if n as usize > MAX_OPEN {
            return None;
        }
        let (mut cells, mut cands) = ([0u8; MAX_OPEN], [0u16; MAX_OPEN]);
        let mut k = 0;
        for (b, &w) in open.iter().enumerate() {
            let mut rest = w;
            while rest != 0 {
                let x = 27 * b + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                cells[k] = x as u8;
                cands[k] = self.digits_of(x) as u16;
                k += 1;
            }
        }
        Some(Endgame::new(&cells[..k], &cands[..k]))
    }

    /// The digit (1–9) of every committed cell, 0 elsewhere.
    #[inline(always)]
    pub fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut w = self.cand[9 * b + d] & self.solved[b];
                while w != 0 {
                    out[27 * b + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// Sets word `i`, marking it for its band update, and for the stack pass when `V`
    /// (`V`: the words the stack pass needs are tracked; not when enumerating, where
    /// propagation stops at the rows: see [`Depth::Rows`]).
    #[inline(always)]
    fn set<const V: bool>(&mut self, i: usize, word: u32) {
        let changed = self.put(i, word);
        self.mark::<V>(changed);
    }

    /// Sets word `i`, returning its bit if it changed (to [`Board::mark`], once for a
    /// batch of words: the marks are read and written in memory, so one write per batch
    /// is cheaper than one per word).
    #[inline(always)]
    fn put(&mut self, i: usize, word: u32) -> u32 {
        let changed = ((word != self.cand[i]) as u32) << i;
        self.cand[i] = word;
        changed
    }

    /// Marks the words `changed` (bit `i` for word `i`) as [`Board::set`] does.
    #[inline(always)]
    fn mark<const V: bool>(&mut self, changed: u32) {
        self.dirty |= changed;
        if V {
            self.vdirty |= changed;
        }
    }

    /// Places digit `d` on `cells` of band `b`: removes the cells from the other digits
    /// and clears their row, box and column peers for `d` (`V`: see [`Board::set`]).
    #[inline(always)]
    pub fn commit<const V: bool>(&mut self, d: usize, b: usize, cells: u32) {
        self.solved[b] |= cells;
        let mut peers = 0;
        let mut rest = cells;
        while rest != 0 {
            peers |= BAND_PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let band: &mut [u32; 9] = (&mut self.cand[9 * b..9 * b + 9])
            .try_into()
            .expect("9 words");
        let own = band[d];
        let mut changed = 0u32;
        for (k, word) in band.iter_mut().enumerate() {
            let new = *word & !cells;
            changed |= ((new != *word) as u32) << k;
            *word = new;
        }
        let own_new = own & !peers;
        band[d] = own_new;
        let mut changed = ((changed & !(1 << d)) | ((own_new != own) as u32) << d) << (9 * b);
        let cols = !COLUMN_CELLS[columns(cells) as usize];
        for other in OTHER_BANDS[b] {
            let i = 9 * other + d;
            changed |= self.put(i, self.cand[i] & cols);
        }
        self.mark::<V>(changed);
    }

    /// Removes digit `d` from `cells` of band `b` (`V`: see [`Board::set`]).
    #[inline(always)]
    pub fn eliminate<const V: bool>(&mut self, d: usize, b: usize, cells: u32) {
        self.set::<V>(9 * b + d, self.cand[9 * b + d] & !cells);
    }

    /// Guesses digit `d` (one of `digits`, the candidates of the cell `cell` of band
    /// `b`): commits it here and returns the board of the other choices. A bivalue cell's
    /// other board commits its other digit. `V`: see [`Board::set`].
    #[inline(always)]
    pub fn split<const V: bool>(&mut self, d: usize, b: usize, cell: u32, digits: u32) -> Board {
        let mut other = *self;
        match digits & !(1 << d) {
            rest if rest.is_power_of_two() => {
                other.commit::<V>(rest.trailing_zeros() as usize, b, cell)
            }
            _ => other.eliminate::<V>(d, b, cell),
        }
        self.commit::<V>(d, b, cell);
        other
    }

    /// Propagates to a fixed point, as deep as `depth` says. Returns the cells left with
    /// two candidates, per band (found by the last naked-singles pass, which nothing
    /// changed after; empty once the board is solved): the guesses' first choice.
    #[inline(always)]
    pub fn propagate(&mut self, depth: Depth) -> Result<[u32; 3], Contradiction> {
        match depth {
            Depth::Rows => self.settle::<false>(depth),
            _ => self.settle::<true>(depth),
        }
    }

    /// [`Board::propagate`], tracking the words the stack pass needs when `V` (which
    /// every depth but [`Depth::Rows`] needs).
    #[inline(always)]
    fn settle<const V: bool>(&mut self, depth: Depth) -> Result<[u32; 3], Contradiction> {
        debug_assert!(
            V || depth == Depth::Rows,
            "untracked words stop at the rows"
        );
        let mut bivalue = [0u32; 3];
        loop {
            // The dirty words in rounds: those marked during a round wait for the next
            // (one may then be updated twice: cheaper than clearing marks word by word).
            while self.dirty != 0 {
                let mut round = std::mem::take(&mut self.dirty);
                let mut narrowed = 0;
                while round != 0 {
                    let i = round.trailing_zeros() as usize;
                    round &= round - 1;
                    narrowed |= self.update_band::<V>(i / 9, i % 9)?;
                }
                if V {
                    self.vdirty |= narrowed;
                }
            }
            if self.naked_singles::<V>(&mut bivalue)? {
                continue;
            }
            if self.is_solved() || depth == Depth::Rows {
                return Ok(bivalue);
            }
            if self.vdirty != 0 && self.stacks()? {
                continue;
            }
            if depth == Depth::Stacks {
                return Ok(bivalue);
            }
            debug_assert_eq!(self.vdirty, 0, "the triples follow a stack pass");
            let bands = self.tdirty;
            let rows = self.minirow_triples()?;
            if !rows && !self.minicolumn_triples(bands)? {
                return Ok(bivalue);
            }
        }
    }

    /// The band update of word `i`: layout rule, then new row singles become placements.
    /// Returns the word's bit if the layout rule narrowed it (for the stack pass's marks,
    /// which the caller writes once a round).
    #[inline(always)]
    fn update_band<const V: bool>(&mut self, b: usize, d: usize) -> Result<u32, Contradiction> {
        let i = 9 * b + d;
        let mut w = self.cand[i];
        let minis = minirows(w);
        w &= LAYOUT_CELLS[minis];
        if w == 0 {
            return Err(Contradiction);
        }
        let narrowed = self.put(i, w);
        let placed = w & single_rows(w) & !self.solved[b];
        if placed != 0 {
            self.commit::<V>(d, b, placed);
        }
        Ok(narrowed)
    }

    /// Cells with one candidate left become placements; `Ok(true)` when there were any.
    /// Counting the candidates, it also keeps the open cells with two in `bivalue`.
    #[inline(always)]
    fn naked_singles<const V: bool>(
        &mut self,
        bivalue: &mut [u32; 3],
    ) -> Result<bool, Contradiction> {
        let mut found = false;
        for (b, pairs) in bivalue.iter_mut().enumerate() {
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let w = self.cand[9 * b + d];
                threes |= twos & w;
                twos |= ones & w;
                ones |= w;
            }
            if ones != BAND {
                return Err(Contradiction);
            }
            *pairs = twos & !threes & !self.solved[b];
            let singles = ones & !twos & !self.solved[b];
            if singles != 0 {
                found = true;
                for d in 0..9 {
                    let s = singles & self.cand[9 * b + d];
                    if s != 0 {
                        self.commit::<V>(d, b, s);
                    }
                }
            }
        }
        Ok(found)
    }

    /// The layout rule on the minicolumns of each stack, for the digits changed since the
    /// last pass; `Ok(true)` when a candidate was removed.
    #[inline(always)]
    fn stacks(&mut self) -> Result<bool, Contradiction> {
        let mut digits = (self.vdirty | self.vdirty >> 9 | self.vdirty >> 18) & 0x1ff;
        self.tdirty |= self.vdirty;
        self.vdirty = 0;
        let mut changed = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let w = [self.cand[d], self.cand[9 + d], self.cand[18 + d]];
            let cols = w.map(columns);
            let mut allowed = [0u32; 3];
            for s in 0..3 {
                let a = LAYOUT[minicolumns(cols, s)] as u32;
                if a == 0 {
                    return Err(Contradiction);
                }
                for (b, allow) in allowed.iter_mut().enumerate() {
                    *allow |= ((a >> (3 * b)) & 7) << (3 * s);
                }
            }
            for b in 0..3 {
                changed |= self.put(9 * b + d, w[b] & COLUMN_CELLS[allowed[b] as usize]);
            }
        }
        self.mark::<true>(changed);
        Ok(changed != 0)
    }

    /// Minirows whose three cells have only three digits between them: each of those
    /// digits is in the minirow, so it leaves the rest of the row and of the box. And
    /// minirows into which three digits are forced: the other digits leave them.
    /// `Ok(true)` when a candidate was removed.
    #[inline(always)]
    fn minirow_triples(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut marks = 0;
        let bands = self.tdirty;
        self.tdirty = 0;
        for b in (0..3).filter(|b| (bands >> (9 * b)) & 0x1ff != 0) {
            let mut minis = [0usize; 9];
            for (d, m) in minis.iter_mut().enumerate() {
                *m = minirows(self.cand[9 * b + d]);
            }
            let triples = Tally::of(minis).exactly_three();
            // Hidden side: digits forced into a minirow (alone in their row).
            let forced = minis.map(|m| ALONE[m] as usize);
            let full = Tally::of(forced).three_at_most()?;
            if full != 0 {
                for d in 0..9 {
                    let out = full & !forced[d] & minis[d];
                    if out != 0 {
                        let i = 9 * b + d;
                        let kept = self.cand[i] & !MINIROW_CELLS[out];
                        changed = true;
                        marks |= self.put(i, kept);
                        minis[d] &= !out;
                    }
                }
            }
            if triples == 0 {
                continue;
            }
            for (d, &m) in minis.iter().enumerate() {
                let forced = triples & m;
                if forced != 0 {
                    let keep = m & !(FORCED_OUT[forced] as usize);
                    let i = 9 * b + d;
                    let kept = self.cand[i] & MINIROW_CELLS[keep];
                    changed |= kept != self.cand[i];
                    marks |= self.put(i, kept);
                }
            }
        }
        self.mark::<true>(marks);
        Ok(changed)
    }

    /// [`Board::minirow_triples`] in the column direction, on every band's minicolumns,
    /// when some band changed since the last pass (`dirty`, the bands' words changed): a
    /// digit's 27-bit map has bit `9 * band + column` when the digit has a candidate in
    /// that minicolumn.
    #[inline(always)]
    fn minicolumn_triples(&mut self, dirty: u32) -> Result<bool, Contradiction> {
        if dirty == 0 {
            return Ok(false);
        }
        let mut maps = [0u32; 9];
        for (d, m) in maps.iter_mut().enumerate() {
            *m = columns(self.cand[d])
                | columns(self.cand[9 + d]) << 9
                | columns(self.cand[18 + d]) << 18;
        }
        let triples = Tally::of(maps).exactly_three();
        let mut changed = false;
        let mut marks = 0;
        // Hidden side: digits forced into a minicolumn (alone in their column).
        let forced = maps.map(|m| {
            let (x0, x1, x2) = (m & 0x1ff, (m >> 9) & 0x1ff, m >> 18);
            (x0 & !x1 & !x2) | (x1 & !x0 & !x2) << 9 | (x2 & !x0 & !x1) << 18
        });
        let full = Tally::of(forced).three_at_most()?;
        if full != 0 {
            for d in 0..9 {
                let out = full & !forced[d] & maps[d];
                if out != 0 {
                    for b in 0..3 {
                        let cols = (out >> (9 * b)) & 0x1ff;
                        let i = 9 * b + d;
                        marks |= self.put(i, self.cand[i] & !COLUMN_CELLS[cols as usize]);
                    }
                    changed = true;
                    maps[d] &= !out;
                }
            }
        }
        if triples == 0 {
            self.mark::<true>(marks);
            return Ok(changed);
        }
        for (d, &m) in maps.iter().enumerate() {
            let forced = triples & m;
            if forced == 0 {
                continue;
            }
            let f = [forced & 0x1ff, (forced >> 9) & 0x1ff, forced >> 18];
            for b in 0..3 {
                let other = f[OTHER_BANDS[b][0]] | f[OTHER_BANDS[b][1]];
                let stacks = f[b] | f[b] >> 1 | f[b] >> 2;
                let stacks = stacks & 0o111;
                let spread = (stacks | stacks << 1 | stacks << 2) & !f[b];
                let out = COLUMN_CELLS[(other | spread) as usize];
                let i = 9 * b + d;
                let kept = self.cand[i] & !out;
                changed |= kept != self.cand[i];
                marks |= self.put(i, kept);
            }
        }
        self.mark::<true>(marks);
        Ok(changed)
    }

    /// What to guess when a puzzle has proved hard: a digit's layout in a band or stack
    /// (tdoku's branching, from its published design): the band or stack whose digits
    /// have the fewest layouts in all, and there the digit with the fewest (at least
    /// two). Returns the unit (bands 0..3, stacks 3..6), the digit and its layouts as a
    /// 6-bit mask; each layout fixes three minirows (or minicolumns) at once.
    #[inline(always)]
    pub fn choose_layout(&self) -> (usize, usize, u8) {
        // Per unit: the layouts of all digits, and the fewest layouts ≥ 2 of one digit as
        // `layouts << 4 | digit` (the lowest digit on ties), kept without branches.
        let mut total = [0u32; 6];
        let mut fewest = [u32::MAX; 6];
        for d in 0..9 {
            let layouts = self.layouts_of(d);
            for u in 0..6 {
                let n = layouts[u].count_ones();
                total[u] += n;
                let key = if n >= 2 { n << 4 | d as u32 } else { u32::MAX };
                fewest[u] = fewest[u].min(key);
            }
        }
        let mut unit = usize::MAX;
        for u in 0..6 {
            if fewest[u] != u32::MAX && (unit == usize::MAX || total[u] < total[unit]) {
                unit = u;
            }
        }
        assert!(unit < 6, "an unsolved board has a digit with two layouts");
        let d = (fewest[unit] & 15) as usize;
        (unit, d, self.layouts_of(d)[unit])
    }

    /// The layouts still possible for digit `d` in each band (units 0..3) and stack
    /// (units 3..6), as 6-bit masks.
    #[inline(always)]
    fn layouts_of(&self, d: usize) -> [u8; 6] {
        let words = [self.cand[d], self.cand[9 + d], self.cand[18 + d]];
        let cols = words.map(columns);
        std::array::from_fn(|u| match u {
            0..3 => CONFIGS[minirows(words[u])],
            _ => CONFIGS[minicolumns(cols, u - 3)],
        })
    }

    /// Keeps only layout `p` of digit `d` in band or stack `unit`.
    #[inline(always)]
    pub fn restrict(&mut self, unit: usize, d: usize, p: usize) {
        let minis = PERM_MINIS[p];
        if unit < 3 {
            let i = 9 * unit + d;
            self.set::<true>(i, self.cand[i] & MINIROW_CELLS[minis as usize]);
        } else {
            let s = unit - 3;
            for b in 0..3 {
                let allowed = ((minis as u32 >> (3 * b)) & 7) << (3 * s);
                let cols = (0x1ff & !(7 << (3 * s))) | allowed;
                let i = 9 * b + d;
                self.set::<true>(i, self.cand[i] & COLUMN_CELLS[cols as usize]);
            }
        }
    }

    /// The digits of cell `x` (bit = 27 * band + cell) as a 9-bit mask.
    #[inline(always)]
    fn digits_of(&self, x: usize) -> u32 {
        let (b, bit) = (x / 27, 1u32 << (x % 27));
        (0..9).fold(0, |m, d| {
            m | (((self.cand[9 * b + d] & bit) != 0) as u32) << d
        })
    }

    /// What to guess: `(band, cell bit, digit)`. A bivalue cell with the most bivalue
    /// peers sharing one of its digits (twice the weight of a peer with the same pair),
    /// ties going to the band with more open cells: such a guess sets off the longest
    /// chains of forced cells (after Schoku's published guess scoring; measured here:
    /// 162 guesses a puzzle on forum_hardest_1106, against 281 for the first bivalue
    /// cell). Without bivalue cells, the first cell with fewest candidates. The digit
    /// tried first depends on `depth`:
    /// - [`Depth::Triads`] (up to two solutions): the most constraining;
    /// - [`Depth::Rows`] (enumerating, where both branches are searched whatever the
    ///   order): the lowest. The cell is still the best linked: fewer dead ends, and
    ///   boards reach the endgame sooner (measured on the full-count set: 248 guesses a
    ///   puzzle against 275 for the first bivalue cell, 0.87 of the time);
    /// - [`Depth::Stacks`] (ruling out a candidate on a nearly solved board, where any
    ///   solution will do): the cheapest choice, the first bivalue cell and its lowest
    ///   digit (the best-linked cell made the generator 2% slower).
    ///
    /// `bv`: the bivalue cells, per band (as [`Board::propagate`] returns them). Also
    /// returns the cell's digits.
    #[inline(always)]
    pub fn choose(&self, bv: [u32; 3], depth: Depth) -> (usize, u32, usize, u32) {
        let (x, digits) = match (bv == [0; 3], depth) {
            (true, _) => self.fewest_candidates(),
            (false, Depth::Stacks) => {
                let b = (0..3).find(|&b| bv[b] != 0).expect("a bivalue cell");
                let x = 27 * b + bv[b].trailing_zeros() as usize;
                (x, self.digits_of(x))
            }
            (false, _) => self.most_linked(bv),
        };
        let digit = match depth {
            Depth::Triads => self.most_constraining(x, digits),
            _ => digits.trailing_zeros() as usize,
        };
        (x / 27, 1u32 << (x % 27), digit, digits)
    }

    /// Which digit of cell `x` (its candidates `digits`) to try first: the one most of its
    /// peers can still take (the lowest on a tie). Placing it removes the most candidates,
    /// so a wrong try fails sooner. It is the first solution that gains: a count to two
    /// searches both branches anyway. Measured, guesses to a first solution on forum
    /// hardest 54.6 → 52.9, on top1465 4.97 → 4.73, on the 17-clue list 0.42 → 0.38, on
    /// 20-given grids 17.3 → 14.1.
    #[inline(always)]
    fn most_constraining(&self, x: usize, digits: u32) -> usize {
        let peers = &PEER_BANDS[x];
        let mut best = (0u32, digits.trailing_zeros() as usize);
        let mut rest = digits;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let load = (0..3)
                .map(|b| (self.cand[9 * b + d] & peers[b]).count_ones())
                .sum::<u32>();
            if load > best.0 {
                best = (load, d);
            }
        }
        best.1
    }

    /// The best-linked bivalue cell, with its digits. With `with[d]` the bivalue cells
    /// holding digit `d` and `P` the peers of a cell with digits {a, c}:
    /// score = 2·|P ∩ (with[a] ∪ with[c])| − |P ∩ with[a] ∩ with[c]|.
    #[inline(always)]
    fn most_linked(&self, bv: [u32; 3]) -> (usize, u32) {
        let mut with = [[0u32; 3]; 9];
        for (d, per_band) in with.iter_mut().enumerate() {
            for (b, cells) in per_band.iter_mut().enumerate() {
                *cells = self.cand[9 * b + d] & bv[b];
            }
        }
        let mut best = (0u32, 0usize, 0u32);
        for (b, &cells) in bv.iter().enumerate() {
            let mut rest = cells;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let digits = (0..9).fold(0u32, |m, d| m | ((with[d][b] >> i) & 1) << d);
                let (a, c) = (
                    digits.trailing_zeros() as usize,
                    31 - digits.leading_zeros() as usize,
                );
                let peers = &PEER_BANDS[27 * b + i];
                let links = (0..3).fold(0, |s, p| {
                    let either = (with[a][p] | with[c][p]) & peers[p];
                    let both = with[a][p] & with[c][p] & peers[p];
                    s + 2 * either.count_ones() - both.count_ones()
                });
                let score = links * 32 + (!self.solved[b] & BAND).count_ones();
                if score >= best.0 {
                    best = (score + 1, 27 * b + i, digits);
                }
            }
        }
        (best.1, best.2)
    }

    /// The first open cell with fewest candidates, with its digits. The cells' candidate
    /// counts are added bit-sliced over a band's nine words (four bit planes, `planes[i]`
    /// holding bit i of every cell's count), so the cells with `k` candidates are a few
    /// masks away, with no per-cell loop.
    #[inline(always)]
    fn fewest_candidates(&self) -> (usize, u32) {
        let mut planes = [[0u32; 4]; 3];
        for (b, band) in planes.iter_mut().enumerate() {
            for d in 0..9 {
                let mut carry = self.cand[9 * b + d];
                for plane in band.iter_mut() {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                }
            }
        }
        for k in 2..=9 {
            for (b, band) in planes.iter().enumerate() {
                let cells = band
                    .iter()
                    .enumerate()
                    .fold(!self.solved[b] & BAND, |m, (i, &p)| {
                        m & if (k >> i) & 1 != 0 { p } else { !p }
                    });
                if cells != 0 {
                    let x = 27 * b + cells.trailing_zeros() as usize;
                    return (x, self.digits_of(x));
                }
            }
        }
        unreachable!("after propagation every open cell has two candidates or more");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[inline(always)]
    fn columns_and_forced_minirows() {
        assert_eq!(columns(1 << 4 | 1 << 20), 1 << 4 | 1 << 2);
        assert_eq!(
            FORCED_OUT[1], 0o116,
            "row 0 and box 0, less the minirow itself"
        );
    }

    #[test]
    fn single_rows_are_the_rows_with_one_candidate() {
        let rows = (1u32..512).step_by(7);
        for r0 in rows.clone() {
            for r1 in [1u32, 3, 256, 0x1ff, 0x100 | 0x80] {
                for r2 in [1u32 << 4, 5, r0] {
                    let w = r0 | r1 << 9 | r2 << 18;
                    let want = [r0, r1, r2]
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.count_ones() == 1)
                        .fold(0, |m, (k, _)| m | 0x1ff << (9 * k));
                    assert_eq!(single_rows(w), want, "{w:#x}");
                }
            }
        }
    }

    #[test]
    fn fewest_candidates_is_the_first_open_cell_with_fewest() {
        // Propagated boards of sparse and denser grids (digits along a diagonal pattern).
        for givens in [0, 5, 11, 17, 23] {
            let mut v = [0u8; 81];
            for cell in (0..81).step_by(3).take(givens) {
                let (r, c) = (cell / 9, cell % 9);
                v[cell] = ((r * 3 + r / 3 + c) % 9) as u8 + 1;
            }
            let mut board = Board::from_values(&v).expect("a consistent pattern");
            board
                .propagate(Depth::Triads)
                .expect("the pattern grid completes it");
            if board.is_solved() {
                continue;
            }
            let naive = (0..81)
                .filter(|&x| board.solved[x / 27] & (1 << (x % 27)) == 0)
                .min_by_key(|&x| board.digits_of(x).count_ones())
                .expect("an open cell");
            assert_eq!(
                board.fewest_candidates(),
                (naive, board.digits_of(naive)),
                "{givens} givens"
            );
        }
    }

    #[test]
    #[inline(always)]
    fn equal_givens_in_a_house_are_a_contradiction() {
        let mut v = [0u8; 81];
        v[0] = 5;
        v[80] = 5;
        assert!(Board::from_values(&v).is_ok());
        v[8] = 5;
        assert!(Board::from_values(&v).is_err());
    }
}
