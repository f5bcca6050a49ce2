//! What the finders share while looking at one board: the almost locked sets, their
//! links and the chain graphs, each computed the first time a finder asks for it.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

use sudokit_core::{Digit, DigitSet};

use crate::analysis::als::{self, Set};
use crate::analysis::closure;
use crate::analysis::fish;
use crate::analysis::graph::{self, Graph, Scope};
use crate::analysis::rectangles::{self, Rectangle};
use crate::step::Step;
use crate::Board;

/// One board and what has been computed about it.
pub(crate) struct Context<'b, const W: usize> {
    /// The board the finders look at.
    pub board: &'b Board<W>,
    /// Where the almost locked sets of unchanged houses are kept between boards: all
    /// of them, and those small enough to be chain nodes.
    als_cache: Option<[RefCell<&'b mut als::Cache<W>>; 2]>,
    als: OnceCell<Vec<Set<W>>>,
    chain_als: OnceCell<Vec<Set<W>>>,
    als_links: OnceCell<als::Linked>,
    rectangles: OnceCell<Vec<Rectangle>>,
    fish_regions: OnceCell<[fish::Regions; 2]>,
    /// The graphs over every candidate, without and with groups, and with sets.
    graphs: [OnceCell<Graph<W>>; 3],
    /// What the implications of each graph prove (see [`closure::provable`]).
    proved: [OnceCell<Option<Vec<bool>>>; 3],
    /// The first node each graph's implications prove something about (see
    /// [`closure::first_provable`]).
    first_proved: [OnceCell<Option<Option<usize>>>; 3],
    /// The first sashimi fish the finned search met, by size, digit and orientation
    /// (rows as base lines or not); an orientation it did not search is missing.
    sashimi: RefCell<HashMap<(usize, Digit, bool), Option<Step>>>,
}

impl<'b, const W: usize> Context<'b, W> {
    pub fn new(board: &'b Board<W>) -> Context<'b, W> {
        Context {
            board,
            als_cache: None,
            als: OnceCell::new(),
            chain_als: OnceCell::new(),
            als_links: OnceCell::new(),
            rectangles: OnceCell::new(),
            fish_regions: OnceCell::new(),
            graphs: [OnceCell::new(), OnceCell::new(), OnceCell::new()],
            proved: [OnceCell::new(), OnceCell::new(), OnceCell::new()],
            first_proved: [OnceCell::new(), OnceCell::new(), OnceCell::new()],
            sashimi: RefCell::default(),
        }
    }

    /// A context taking the almost locked sets of unchanged houses from `caches` (all
    /// of them, and those small enough to be chain nodes).
    pub fn with_cache(board: &'b Board<W>, caches: [&'b mut als::Cache<W>; 2]) -> Context<'b, W> {
        Context {
            als_cache: Some(caches.map(RefCell::new)),
            ..Context::new(board)
        }
    }

    /// Every almost locked set of the board (up to N - 1 cells).
    pub fn als(&self) -> &[Set<W>] {
        self.als
            .get_or_init(|| self.find_als(0, self.board.side() - 1))
    }

    /// The almost locked sets small enough to be chain nodes (up to
    /// [`graph::MAX_ALS_CELLS`] cells), among others when [`Context::als`] is known:
    /// the graph takes them in order, and those of one house come in the same order
    /// whatever the largest size looked for. Most boards that need the graph with sets
    /// never need the larger ones, which are about as many again.
    pub fn chain_als(&self) -> &[Set<W>] {
        if let Some(all) = self.als.get() {
            return all;
        }
        let max = graph::MAX_ALS_CELLS.min(self.board.side() - 1);
        self.chain_als.get_or_init(|| self.find_als(1, max))
    }

    /// The almost locked sets of up to `max` cells, from the memo's cache `tier` if any.
    fn find_als(&self, tier: usize, max: usize) -> Vec<Set<W>> {
        match &self.als_cache {
            Some(caches) => als::all_cached(self.board, max, &mut caches[tier].borrow_mut()),
            None => als::all(self.board, max),
        }
    }

    /// For each almost locked set, the sets sharing a restricted common digit with it.
    pub fn als_links(&self) -> &als::Linked {
        self.als_links
            .get_or_init(|| als::links(self.board, self.als()))
    }

    /// The regions along each row and each column, for fish.
    pub fn fish_regions(&self) -> &[fish::Regions; 2] {
        self.fish_regions.get_or_init(|| fish::regions(self.board))
    }

    /// The candidate unique rectangles.
    pub fn rectangles(&self) -> &[Rectangle] {
        self.rectangles.get_or_init(|| {
            rectangles::rectangles(self.board, &rectangles::shapes(self.board.layout()))
        })
    }

    /// The chain graph over every candidate (`All`), with groups too (`Grouped`), and with
    /// almost locked sets too (`GroupedAls`).
    pub fn graph(&self, scope: Scope) -> &Graph<W> {
        let (board, digits) = (self.board, DigitSet::full(self.board.side()));
        self.graphs[slot(scope)].get_or_init(|| match scope {
            // Each graph adds to the one below: groups to the candidates, then sets.
            Scope::Grouped => graph::extend(board, &[], self.graph(Scope::All), digits, scope),
            Scope::GroupedAls => graph::extend(
                board,
                self.chain_als(),
                self.graph(Scope::Grouped),
                digits,
                scope,
            ),
            _ => graph::build(board, &[], digits, Scope::All),
        })
    }

    /// For each node of [`Context::graph`]`(scope)`, whether its implications prove it
    /// true or false (`None`: the graph is too large to close).
    pub fn provable(&self, scope: Scope) -> Option<&[bool]> {
        self.proved[slot(scope)]
            .get_or_init(|| closure::provable(self.graph(scope)))
            .as_deref()
    }

    /// The first node (in index order) the implications of [`Context::graph`]`(scope)`
    /// prove something about: `Some(None)` when none, `None` when the graph is too large
    /// to close. Cheaper than [`Context::provable`] when there is one.
    pub fn first_provable(&self, scope: Scope) -> Option<Option<usize>> {
        let slot = slot(scope);
        *self.first_proved[slot].get_or_init(|| match self.proved[slot].get() {
            Some(all) => all.as_ref().map(|p| p.iter().position(|&x| x)),
            None => closure::first_provable(self.graph(scope)),
        })
    }

    /// The first sashimi fish of (size, digit, rows as base lines) on this board, if
    /// the finned search went through that orientation (`Some(None)`: it met none).
    pub fn sashimi_met(&self, at: (usize, Digit, bool)) -> Option<Option<Step>> {
        self.sashimi.borrow().get(&at).cloned()
    }

    /// Keeps what the finned search met: see [`Context::sashimi_met`].
    pub fn meet_sashimi(&self, at: (usize, Digit, bool), step: Option<Step>) {
        self.sashimi.borrow_mut().insert(at, step);
    }

    /// Has the closure of the graph with groups and almost locked sets been computed,
    /// and does it prove nothing? (It is not computed for the asking.)
    pub fn grouped_als_proved_nothing(&self) -> bool {
        let slot = slot(Scope::GroupedAls);
        matches!(self.proved[slot].get(), Some(Some(p)) if !p.contains(&true))
            || matches!(self.first_proved[slot].get(), Some(Some(None)))
    }

    /// Do the implications between single candidates (bivalue cells and conjugate pairs
    /// as strong links) prove nothing at all? Then no chain of them eliminates anything:
    /// no X-Chain, Remote Pair, W-Wing or XY-Chain (each is such a chain from the
    /// candidate it removes to its negation, in a part of this graph).
    pub fn chains_prove_nothing(&self) -> bool {
        self.provable(Scope::All)
            .is_some_and(|proved| !proved.contains(&true))
    }
}

/// The slot of `scope`'s graph (every candidate, grouped, with sets).
fn slot(scope: Scope) -> usize {
    match scope {
        Scope::Grouped => 1,
        Scope::GroupedAls => 2,
        _ => 0,
    }
}
