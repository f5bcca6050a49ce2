//! What the logic test files share: the shared data directory.
#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

/// `../shared/data` beside the checkout (CI puts it there); `SUDOKIT_DATA` overrides.
pub fn data_dir() -> PathBuf {
    let dir = std::env::var_os("SUDOKIT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
    assert!(
        dir.is_dir(),
        "shared data not found at {} (set SUDOKIT_DATA)",
        dir.display()
    );
    dir
}
