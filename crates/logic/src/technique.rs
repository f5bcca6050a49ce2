//! The techniques, in the order the engine tries them, with their ratings.
//!
//! The order, levels and scores are HoDoKu 2.2's defaults (hobiwan; `Options.java`,
//! `DEFAULT_SOLVER_STEPS`). Sudoku Explainer ratings follow SE 1.2.1's technique ladder
//! (Nicolas Juillerat; `diuf/sudoku/solver/rules`), with the chain-length rule and the
//! per-step details (hidden single in a box or a line, UR type 3 sets, ...) in
//! `rating.rs`. WXYZ-Wing is not in HoDoKu's defaults: Hard, 200 is our choice.

use std::fmt;

/// A difficulty level (HoDoKu's five).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, finned fish, almost locked sets.
    Unfair,
    /// Forcing chains and nets.
    Extreme,
}

impl Level {
    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// All levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! techniques {
    ($($variant:ident: $name:literal, $level:ident, $score:literal, $se:literal, [$($code:literal),*];)*) => {
        /// A solving technique. The engine tries them in this order, easiest first.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum Technique {
            $(
                #[doc = $name]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in the engine's order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// The name as displayed, e.g. `X-Wing`.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name),* }
            }

            /// HoDoKu's level for it.
            pub fn level(self) -> Level {
                match self { $(Technique::$variant => Level::$level),* }
            }

            /// HoDoKu's score for one step of it.
            pub fn score(self) -> u32 {
                match self { $(Technique::$variant => $score),* }
            }

            /// Its Sudoku Explainer rating (chains add a length bonus, see `rating.rs`).
            pub fn se(self) -> f32 {
                match self { $(Technique::$variant => $se),* }
            }

            /// HoDoKu's regression-library codes for it.
            pub fn codes(self) -> &'static [&'static str] {
                match self { $(Technique::$variant => &[$($code),*]),* }
            }
        }
    };
}

// In HoDoKu 2.2's search order, with its default level and score. The SE column is
// the rating of the technique on Sudoku Explainer's ladder, or, for techniques SE lacks,
// of what SE uses to make the same deduction: single-digit patterns and coloring are
// forcing X-chains (6.6), W-Wing and XY-chains are chains with both kinds of links (7.0),
// finned fish are X-chains (6.6); ALS and Sue de Coq are rated as aligned triplet
// exclusion / multiple forcing chains (7.5 / 8.0). Chains add SE's length bonus.
techniques! {
    FullHouse: "Full House", Easy, 4, 1.0, ["0000"];
    NakedSingle: "Naked Single", Easy, 4, 2.3, ["0003"];
    HiddenSingle: "Hidden Single", Easy, 14, 1.2, ["0002"];
    LockedPair: "Locked Pair", Medium, 40, 3.0, ["0110"];
    LockedTriple: "Locked Triple", Medium, 60, 3.6, ["0111"];
    Pointing: "Locked Candidates (Pointing)", Medium, 50, 2.6, ["0100"];
    Claiming: "Locked Candidates (Claiming)", Medium, 50, 2.8, ["0101"];
    NakedPair: "Naked Pair", Medium, 60, 3.0, ["0200"];
    NakedTriple: "Naked Triple", Medium, 80, 3.6, ["0201"];
    HiddenPair: "Hidden Pair", Medium, 70, 3.4, ["0210"];
    HiddenTriple: "Hidden Triple", Medium, 100, 4.0, ["0211"];
    NakedQuad: "Naked Quadruple", Hard, 120, 5.0, ["0202"];
    HiddenQuad: "Hidden Quadruple", Hard, 150, 5.4, ["0212"];
    XWing: "X-Wing", Hard, 140, 3.2, ["0300"];
    Swordfish: "Swordfish", Hard, 150, 3.8, ["0301"];
    Jellyfish: "Jellyfish", Hard, 160, 5.2, ["0302"];
    RemotePair: "Remote Pair", Hard, 110, 7.0, ["0703"];
    Bug1: "Bivalue Universal Grave + 1", Hard, 100, 5.6, ["0610"];
    Skyscraper: "Skyscraper", Hard, 130, 6.6, ["0400"];
    TwoStringKite: "2-String Kite", Hard, 150, 6.6, ["0401"];
    TurbotFish: "Turbot Fish", Hard, 120, 6.6, ["0403"];
    EmptyRectangle: "Empty Rectangle", Hard, 120, 6.6, ["0402"];
    WWing: "W-Wing", Hard, 150, 7.0, ["0803"];
    XyWing: "XY-Wing", Hard, 160, 4.2, ["0800"];
    XyzWing: "XYZ-Wing", Hard, 180, 4.4, ["0801"];
    WxyzWing: "WXYZ-Wing", Hard, 200, 7.0, ["0802"];
    UniqueRectangle1: "Unique Rectangle Type 1", Hard, 100, 4.5, ["0600"];
    UniqueRectangle2: "Unique Rectangle Type 2", Hard, 100, 4.5, ["0601"];
    UniqueRectangle3: "Unique Rectangle Type 3", Hard, 100, 4.5, ["0602"];
    UniqueRectangle4: "Unique Rectangle Type 4", Hard, 100, 4.5, ["0603"];
    HiddenRectangle: "Hidden Rectangle", Hard, 100, 4.5, ["0606"];
    FinnedXWing: "Finned X-Wing", Hard, 130, 6.6, ["0310"];
    SashimiXWing: "Sashimi X-Wing", Hard, 150, 6.6, ["0320"];
    FinnedSwordfish: "Finned Swordfish", Unfair, 200, 6.6, ["0311"];
    SashimiSwordfish: "Sashimi Swordfish", Unfair, 240, 6.6, ["0321"];
    FinnedJellyfish: "Finned Jellyfish", Unfair, 250, 6.6, ["0312"];
    SashimiJellyfish: "Sashimi Jellyfish", Unfair, 260, 6.6, ["0322"];
    SueDeCoq: "Sue de Coq", Unfair, 250, 7.5, ["1101"];
    SimpleColorsTrap: "Simple Colors Trap", Hard, 150, 6.6, ["0500"];
    SimpleColorsWrap: "Simple Colors Wrap", Hard, 150, 6.6, ["0501"];
    MultiColors1: "Multi Colors 1", Hard, 200, 6.6, ["0502"];
    MultiColors2: "Multi Colors 2", Hard, 200, 6.6, ["0503"];
    XChain: "X-Chain", Unfair, 260, 6.6, ["0701"];
    XyChain: "XY-Chain", Unfair, 260, 7.0, ["0702"];
    ContinuousNiceLoop: "Continuous Nice Loop", Unfair, 280, 7.0, ["0706"];
    DiscontinuousNiceLoop: "Discontinuous Nice Loop", Unfair, 280, 7.0, ["0707"];
    Aic: "AIC", Unfair, 280, 7.0, ["0708"];
    GroupedContinuousNiceLoop: "Grouped Continuous Nice Loop", Unfair, 300, 7.0, ["0709"];
    GroupedDiscontinuousNiceLoop: "Grouped Discontinuous Nice Loop", Unfair, 300, 7.0, ["0710"];
    GroupedAic: "Grouped AIC", Unfair, 300, 7.0, ["0711"];
    AlsXz: "ALS-XZ", Unfair, 300, 7.5, ["0901"];
    AlsXyWing: "ALS-XY-Wing", Unfair, 320, 8.0, ["0902"];
    ForcingChainContradiction: "Forcing Chain Contradiction", Extreme, 500, 7.5, ["1301"];
    ForcingChainVerity: "Forcing Chain Verity", Extreme, 500, 8.0, ["1302"];
    ForcingNetContradiction: "Forcing Net Contradiction", Extreme, 700, 8.5, ["1303"];
    ForcingNetVerity: "Forcing Net Verity", Extreme, 700, 8.5, ["1304"];
}

impl Technique {
    /// Does it rest on the puzzle having a single solution?
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | HiddenRectangle
                | Bug1
        )
    }

    /// The technique whose displayed name matches `name` ignoring case, spaces, hyphens
    /// and parentheses (`"x-wing"`, `"XYWing"`, `"locked candidates pointing"`), or whose
    /// HoDoKu code is `name`.
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        let wanted = key(name);
        // Short names in common use.
        let alias = match wanted.as_str() {
            "bug1" | "bug" => Some(Technique::Bug1),
            "ur1" => Some(Technique::UniqueRectangle1),
            "ur2" => Some(Technique::UniqueRectangle2),
            "ur3" => Some(Technique::UniqueRectangle3),
            "ur4" => Some(Technique::UniqueRectangle4),
            _ => None,
        };
        alias.or_else(|| {
            Technique::ALL
                .iter()
                .copied()
                .find(|t| key(t.name()) == wanted || t.codes().contains(&name))
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_loosely() {
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(Technique::from_name("XY Wing"), Some(Technique::XyWing));
        assert_eq!(Technique::from_name("BUG+1"), Some(Technique::Bug1));
        assert_eq!(
            Technique::from_name("UR1"),
            Some(Technique::UniqueRectangle1)
        );
        assert_eq!(
            Technique::from_name("locked candidates pointing"),
            Some(Technique::Pointing)
        );
        assert_eq!(
            Technique::from_name("0603"),
            Some(Technique::UniqueRectangle4)
        );
        assert_eq!(Technique::from_name("nonsense"), None);
    }

    #[test]
    fn every_name_is_distinct() {
        let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Technique::ALL.len());
    }
}
