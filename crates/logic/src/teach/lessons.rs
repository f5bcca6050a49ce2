//! A lesson for every technique: its idea in a sentence or two, and an example the engine
//! finds and explains (`examples.txt`: one pencil-mark state per technique, most of them
//! HoDoKu's regression library's first case of it; see the file's header for the rest;
//! the killer techniques' are killers, in `killer_examples.txt`).

use sudokit_core::format::{ReadOptions, Reader};

use crate::board::Board;
use crate::engine::find_first;
use crate::step::Step;
use crate::technique::Technique;

/// One example per technique: `<technique>|<pencil-mark state>` lines (HoDoKu's library
/// format), `#` comments.
pub const EXAMPLES: &str = include_str!("examples.txt");

/// The killer techniques' examples: a line naming techniques (each followed by `|`),
/// then a killer in sudokit's text format, then a blank line; `#` comments.
pub const KILLER_EXAMPLES: &str = include_str!("killer_examples.txt");

/// Each killer example of [`KILLER_EXAMPLES`]: the techniques it shows, and its board.
pub fn killer_examples() -> Vec<(Vec<Technique>, Board)> {
    let text: String = KILLER_EXAMPLES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    text.split("\n\n")
        .filter_map(|block| {
            let (names, killer) = block.trim_start().split_once('\n')?;
            let techniques = names
                .split('|')
                .filter(|n| !n.is_empty())
                .filter_map(Technique::from_name)
                .collect();
            let opts = ReadOptions {
                killer: true,
                ..ReadOptions::default()
            };
            let grid = Reader::new(killer.as_bytes(), opts).next()?.grid.ok()?;
            Some((techniques, Board::new(&grid, None)))
        })
        .collect()
}

/// The example of `t`: the board and the step the engine finds on it.
pub fn example(t: Technique) -> Option<(Board, Step)> {
    if t.is_killer() {
        let (_, board) = killer_examples()
            .into_iter()
            .find(|(list, _)| list.contains(&t))?;
        let step = find_first(&board, t)?;
        return Some((board, step));
    }
    let line = EXAMPLES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let (name, state) = l.split_once('|')?;
            (Technique::from_name(name) == Some(t)).then_some(state)
        })?;
    let record = Reader::new(line.as_bytes(), ReadOptions::default()).next()?;
    let grid = record.grid.ok()?;
    let board = Board::new(&grid, record.marks.as_deref());
    let step = find_first(&board, t)?;
    Some((board, step))
}

/// Why no puzzle is made to practise `t`, if none can be: Sudoku Explainer's own rules
/// are on no path of sudokit's.
pub fn no_practice(t: Technique) -> Option<&'static str> {
    if t.is_killer() {
        return Some(
            "This is a killer technique: practice puzzles are sudokus, so none is made for it (`sudokit generate --killer --needs` makes killers that use it).",
        );
    }
    t.on_request().then_some(
        "This is one of Sudoku Explainer's own rules, used only on Sudoku Explainer's path: sudokit's own path makes the same deductions with its own techniques, so no puzzle is made to practise it.",
    )
}

/// The idea of a technique, in a player's words.
pub fn idea(t: Technique) -> &'static str {
    use Technique::*;
    match t {
        FullHouse => "A house with one empty cell left: it takes the one digit the house is missing.",
        NakedSingle => "A cell whose row, column and box already hold every digit but one: that one goes there.",
        HiddenSingle => "A digit that fits in only one cell of a house (the other cells see that digit elsewhere): it goes there.",
        CageCombinations => "A killer cage's digits are different and add up to its sum: list the sets of digits that make the sum (a 2-cell cage of 3 can only be 1 and 2), keep those the cells' candidates allow, and every other digit leaves the cage.",
        CageHouse => "A digit every combination of a cage uses must be in the cage: when its places in the cage all lie in one house, it leaves the rest of that house. And a digit a house can place only in one cage must be in that cage, so the cage's combinations without it go.",
        InniesOuties => "The rule of 45: a row, column or box holds 1 to 9 once, 45 in all (90 for two, and so on). Take away the cages wholly inside, and the cells left (innies) add up to what remains; or, when the cages covering it stick out, the cells outside (outies) add up to the surplus. One such cell is then known; several work as a hidden cage, and when they are part of one cage, the rest of that cage makes the difference (the cage splits in two).",
        LockedPair => "Two cells where a line meets a box, holding only the same two digits: the digits are locked in them, so they leave the rest of the line and the box.",
        LockedTriple => "Three cells where a line meets a box, holding only three digits between them: those digits leave the rest of the line and the box.",
        Pointing => "In a box, a digit fits only in cells of one row (or column): that line's copy of the digit is in the box, so it leaves the rest of the line.",
        Claiming => "In a row (or column), a digit fits only in cells of one box: the box's copy of the digit is on that line, so it leaves the rest of the box.",
        NakedPair => "Two cells of a house holding only the same two digits: those digits belong to them and leave the house's other cells.",
        NakedTriple => "Three cells of a house holding only three digits between them: those digits leave the house's other cells.",
        HiddenPair => "Two digits that fit in only the same two cells of a house: those cells hold nothing else.",
        HiddenTriple => "Three digits that fit in only three cells of a house: those cells hold nothing else.",
        NakedQuad => "Four cells of a house holding only four digits between them: those digits leave the house's other cells.",
        HiddenQuad => "Four digits that fit in only four cells of a house: those cells hold nothing else.",
        XWing => "Two rows where a digit fits only in the same two columns: the two rows put their copies in those columns, so the digit leaves the rest of both columns (and the same with rows and columns swapped).",
        Swordfish => "Three rows where a digit fits only in three columns: their three copies fill those columns, so the digit leaves the rest of them.",
        Jellyfish => "Four rows where a digit fits only in four columns: the digit leaves the rest of those columns.",
        RemotePair => "A chain of cells holding only the same two digits, each seeing the next: the digits alternate along it, so a cell seeing two cells an odd number of links apart can hold neither.",
        Bug1 => "When every empty cell but one has exactly two candidates, the one with three must take the digit that would otherwise leave two solutions.",
        Skyscraper => "Two parallel lines where a digit has exactly two places each, with one place of each lined up: one of the two other ends holds the digit, so a cell seeing both cannot.",
        TwoStringKite => "A row and a column where a digit has exactly two places each, joined in one box: one of the two far ends holds the digit, so a cell seeing both cannot.",
        TurbotFish => "Two houses where a digit has exactly two places each, one place of each seeing the other: one of the far ends holds the digit, so a cell seeing both cannot.",
        EmptyRectangle => "In a box a digit lies only on one row and one column; with a line where the digit has two places, it rules the digit out where the two meet.",
        WWing => "Two cells holding the same two digits, joined by a line where one of those digits has only two places: the other digit is in one of the two cells, so a cell seeing both cannot hold it.",
        XyWing => "A pivot holding two digits sees two pincers, each holding one of them and a third digit: whatever the pivot holds, one pincer holds the third digit, so a cell seeing both pincers cannot.",
        XyzWing => "A pivot holding three digits sees two pincers holding two of them each, all sharing one digit: one of the three cells holds it, so a cell seeing all three cannot.",
        WxyzWing => "Four cells holding only four digits, where each digit but one has its places all seeing each other: the last digit must be in one of them, so a cell seeing all its places cannot hold it.",
        UniqueRectangle1 => "Four cells on two rows, two columns and two boxes that could all end up with the same two digits would let those digits swap: with three cells holding only those two, the fourth must hold something else.",
        UniqueRectangle2 => "A would-be swappable rectangle whose two extra cells share one extra digit: one of them holds it, so a cell seeing both cannot.",
        UniqueRectangle3 => "A would-be swappable rectangle whose two extra cells act as one cell holding their extra digits: with other cells of their house they form a naked subset.",
        UniqueRectangle4 => "A would-be swappable rectangle where one of its digits has only the two extra cells in a house: the other digit leaves them.",
        HiddenRectangle => "A rectangle with one corner holding only its two digits, where one digit lies only on the rectangle in the row and column of the opposite corner: that corner cannot hold the other digit.",
        FinnedXWing => "An X-Wing with an extra place (the fin) in one row: either the X-Wing holds or the fin does, so a cell of the cover lines that sees the fin loses the digit.",
        SashimiXWing => "An X-Wing missing a corner, with a fin beside it: a cell that sees the fin and lies where the missing corner's line crosses the other cover line loses the digit.",
        FinnedSwordfish => "A Swordfish with a fin: only cells of the cover lines that see the fin lose the digit.",
        SashimiSwordfish => "A Swordfish missing a corner, with a fin: cells of the cover lines seeing the fin lose the digit.",
        FinnedJellyfish => "A Jellyfish with a fin: only cells of the cover lines that see the fin lose the digit.",
        SashimiJellyfish => "A Jellyfish missing a corner, with a fin: cells of the cover lines seeing the fin lose the digit.",
        SueDeCoq => "Where a line meets a box, two or three cells hold two more digits than cells; partner cells in the line and in the box take the extra digits, so each digit has its one home and leaves the rest of its house.",
        SimpleColorsTrap => "Colour the two places of a digit in each house where it has only two, alternating: one colour is true. A cell seeing both colours cannot hold the digit.",
        SimpleColorsWrap => "Colour the two places of a digit in each house where it has only two, alternating: if two cells of one colour see each other, that colour is false.",
        MultiColors1 => "Two coloured groups of a digit: when a colour of one sees a colour of the other, one of their opposite colours is true, so a cell seeing both opposites cannot hold the digit.",
        MultiColors2 => "Two coloured groups of a digit: a colour that sees both colours of the other group is false.",
        XChain => "A chain of one digit alternating between houses where it has only two places and cells that see each other: one of its two ends holds the digit, so a cell seeing both cannot.",
        XyChain => "A chain of cells holding two digits each, each sharing a digit with the next: one end holds the digit the chain starts and ends with, so a cell seeing both ends cannot.",
        ContinuousNiceLoop => "A chain that closes on itself: every link then holds both ways, and each \"not both\" link leaves exactly one of its two candidates, removing that digit from cells seeing both.",
        DiscontinuousNiceLoop => "A chain from a candidate back to itself that contradicts it: suppose the candidate true, follow the links, and it turns out false (or the other way round).",
        Aic => "An alternating chain: \"at least one of the two is true\" and \"not both\" links in turn. One of its two ends is true, so whatever sees both ends goes.",
        GroupedContinuousNiceLoop => "A closed loop whose nodes may be groups of cells in a line and a box: each link holds both ways, so candidates seeing both ends of a link go.",
        GroupedDiscontinuousNiceLoop => "A chain with groups of cells as nodes that leads from a candidate back to itself and contradicts it.",
        GroupedAic => "An alternating chain whose nodes may be groups of cells (a digit's places in one line and box) or almost locked sets: one of its ends is true.",
        AlsXz => "Two almost locked sets (one more digit than cells) sharing a digit whose places all see each other: one set lacks it and so holds all its other digits, so a digit both hold leaves cells seeing all its places in both.",
        AlsXyWing => "Three almost locked sets linked like an XY-Wing: one of the outer two must hold all its digits but one link digit, so a digit both outer sets hold leaves the cells that see all its places in them.",
        ForcingChainContradiction => "Suppose a candidate true (or false) and follow the singles it forces: when they run into a cell with no candidate or a digit with no place, the supposition was wrong.",
        ForcingChainVerity => "Try each candidate of a cell (or each place of a digit in a house) and follow the singles: whatever all of them lead to is true.",
        ForcingNetContradiction => "A forcing chain that may also try candidates one level deeper to rule them out: a supposition that breaks the grid is false.",
        ForcingNetVerity => "Try each candidate of a cell or each place of a digit, following singles and deeper trials: what every branch agrees on is true.",
        DirectPointing => "Sudoku Explainer's direct pointing: a box's copies of a digit lie on one line, and removing it from the rest of that line leaves a single place for it in another box.",
        DirectClaiming => "Sudoku Explainer's direct claiming: a line's copies of a digit lie in one box, and removing it from the rest of that box leaves a single place for it on another line.",
        DirectHiddenPair => "Sudoku Explainer's direct hidden pair: two digits fit in only the same two cells of a house, and clearing those cells of other digits leaves some digit a single place in the house.",
        DirectHiddenTriplet => "Sudoku Explainer's direct hidden triplet: three digits fit in only three cells of a house, and clearing those cells of other digits leaves some digit a single place in the house.",
        UniqueLoop => "A loop of six or more cells holding the same two digits, two in each house it crosses: if nothing else were in them, the digits could swap and the puzzle would have two solutions, so an extra candidate must be true.",
        BivalueUniversalGrave => "Without a few extra candidates the grid would have two candidates in every cell and each digit twice in every house, which means two solutions or none: one of the extras is true, so what sees them all goes (Sudoku Explainer's BUG types 2 to 4).",
        AlignedPairExclusion => "Two cells and the cells with two candidates they both see: any way of filling the two that empties one of those cells, or repeats a digit in a house, is impossible; a digit no possible way uses goes.",
        AlignedTripletExclusion => "Aligned pair exclusion with three cells: every way to fill them is tried against the cells they all see, and digits no possible way uses go.",
        XCycle => "A loop of one digit's places, alternately linked because they are a house's only two places and because they see each other: a place outside the loop that sees both kinds of link can't hold the digit.",
        YCycle => "A loop of cells with two candidates each, linked where they see each other through a shared digit: candidates outside the loop that see both ends of a link go.",
        ForcingXChain => "Suppose a place of a digit true (or false) and follow that digit's only-two-places links: if it comes back to its own opposite, the supposition was wrong.",
        XyCycle => "A loop using both kinds of links, a house's only two places of a digit and a cell's only two candidates: candidates that see both sides of a link go.",
        ForcingXyChain => "Suppose a candidate true (or false) and follow the links of both kinds: if the chain reaches the candidate's own opposite, the supposition was wrong.",
        NishioForcingChains => "Sudoku Explainer's Nishio: suppose a candidate true and follow the placements and removals of one digit's chains: a contradiction rules it out.",
        MultipleForcingChains => "Sudoku Explainer's multiple forcing chains: each candidate of a cell, or each place of a digit in a house, leads to the same conclusion.",
        DynamicForcingChains => "Sudoku Explainer's dynamic forcing chains: chains that remember every candidate removed along the way, so later links can use them.",
        DynamicForcingChainsPlus => "Dynamic forcing chains that also apply locked candidates, pairs and X-Wings on the way.",
        NestedForcingChains => "Dynamic forcing chains that use whole forcing chains inside them to remove candidates.",
        NestedMultipleForcingChains => "Dynamic forcing chains that use multiple forcing chains inside them.",
        NestedDynamicForcingChains => "Dynamic forcing chains that use dynamic forcing chains inside them.",
        NestedDynamicForcingChainsPlus => "The deepest of Sudoku Explainer's rules: dynamic forcing chains nested inside dynamic forcing chains with locked candidates, pairs and X-Wings.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_an_idea_and_an_example() {
        for &t in Technique::ALL {
            assert!(idea(t).len() > 40, "{t}");
            if t.on_request() {
                // SE's rules are slow to find; their examples are checked by the golden
                // test of the logic crate.
                continue;
            }
            let (_, step) = example(t).unwrap_or_else(|| panic!("no example of {t}"));
            assert_eq!(step.technique, t);
        }
    }
}
