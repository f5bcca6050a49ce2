//! A path kept within a level searches fewer techniques, never finds other steps:
//! `next_step_within` gives `next_step_with`'s step, or none where that step is of a
//! technique above the level (or there is none).

use sudokit_core::Grid;
use sudokit_logic::{next_step_with, next_step_within, Board, Level, Memo, Options};

#[test]
fn steps_within_a_level_are_the_engines_steps() {
    let file = sudokit_testdata::data_dir().join("bench/puzzles3_magictour_top1465.txt");
    let text = std::fs::read_to_string(file).expect("top1465");
    let options = Options::default();
    let (mut same, mut cut) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')).take(12) {
        let mut board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        let mut memo = Memo::new();
        while let Some(step) = next_step_with(&board, &options, &mut memo) {
            for level in Level::ALL {
                match next_step_within(&board, &options, level, &mut Memo::new()) {
                    Some(found) => {
                        assert_eq!(found, step, "{line} within {level:?}");
                        same += 1;
                    }
                    None => {
                        assert!(
                            step.technique.level() > level,
                            "{line}: {:?}",
                            step.technique
                        );
                        cut += 1;
                    }
                }
            }
            board.apply(&step);
            if board.is_solved() {
                break;
            }
        }
    }
    // Both cases happen: steps found within their level, and searches cut short.
    assert!(same > 100 && cut > 100, "{same} found, {cut} cut");
}
