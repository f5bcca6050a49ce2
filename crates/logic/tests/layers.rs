//! The crate reads from the bottom up: each file names only files of its own layer or of
//! those below (`LAYERS`, as ARCHITECTURE.md draws them), and no import circle joins
//! more than two files, nor two files of different folders.
//!
//! Each source file is a module; a file depends on another when it names it, or an item
//! in it, by a `crate::`, `super::` or `self::` path, or names a child module it
//! declares; a name a module only hands on (`pub use`) is followed to the file that
//! defines it. Modules compiled for tests only are left out: tests may look anywhere. A
//! circle of two files (a parent and its child, or two siblings that share helpers) is
//! allowed. What the check cannot see: methods called on a type whose `impl` blocks
//! sit in other files, and macros. A path rooted at a name brought in by `use` (`se::Rule`
//! after `use crate::se;`) is taken to name that module, in the same layer as the file
//! that defines the item, and through which that file is reached.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate's layers, bottom first, as ARCHITECTURE.md draws them: a file names only
/// files of its own layer or of those below (`""` is `lib.rs`, which hands names on).
const LAYERS: &[&[&str]] = &[
    &["technique"],
    &["board", "step"],
    &["analysis"],
    &["context"],
    &["techniques"],
    &["se"],
    &["finders"],
    &["memo"],
    &["engine"],
    &["rating"],
    &["answer", "teach"],
    &["render"],
    &[""],
];

/// A module path from the crate root, e.g. `["se", "basic"]`.
type Module = Vec<String>;

/// Every source file under `dir` with its module path.
fn modules(root: &Path, dir: &Path, out: &mut BTreeMap<Module, PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a readable source folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            modules(root, &path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(root).expect("under the root");
        let mut parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        // A test module in its own file, as `mod tests;` declares it.
        if parts.last().map(String::as_str) == Some("tests") {
            continue;
        }
        out.insert(parts, path);
    }
}

/// The tokens of `text` that matter to paths: identifiers, `::`, and single punctuation
/// characters; comments (line, block, doc), string literals (raw ones too) and character
/// literals are skipped, so nothing inside them is taken for code.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && !at(i + 2).is_alphanumeric()))
        {
            // A raw string: r"…", r#"…"#, …
            let mut hashes = 0;
            i += 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal ('x', '\n', '\''), not a lifetime.
            i += if at(i + 1) == '\\' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && at(i + 1) == ':' {
            out.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// The tokens without the modules compiled for tests only (`#[cfg(test)] mod name { … }`):
/// tests may look anywhere.
fn without_tests(toks: Vec<String>) -> Vec<String> {
    const TEST: [&str; 7] = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let attr = toks.len() >= i + 10 && toks[i..i + 7].iter().zip(TEST).all(|(t, w)| t == w);
        if attr && toks[i + 7] == "mod" && toks[i + 9] == "{" {
            let mut depth = 0;
            i += 9;
            while i < toks.len() {
                match toks[i].as_str() {
                    "{" => depth += 1,
                    "}" => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
            continue;
        }
        out.push(toks[i].clone());
        i += 1;
    }
    out
}

/// The paths named from token `i` on (a path, or a `use` tree of them), each as its
/// segments; returns where the path ends.
fn paths(toks: &[String], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    while let Some(t) = toks.get(i) {
        if t == "{" {
            i += 1;
            loop {
                match toks.get(i).map(String::as_str) {
                    None => return i,
                    Some("}") => return i + 1,
                    Some(",") => i += 1,
                    Some(_) => i = paths(toks, i, &path, out),
                }
            }
        }
        if t.chars().all(|c| c.is_alphanumeric() || c == '_') {
            path.push(t.clone());
            i += 1;
            if toks.get(i).map(String::as_str) == Some("::") {
                i += 1;
                continue;
            }
        }
        break;
    }
    out.push(path);
    // A renaming names nothing more.
    if toks.get(i).map(String::as_str) == Some("as") {
        i += 2;
    }
    i
}

/// What one file names and defines.
struct File {
    /// The paths it names, each as segments (`crate`, `super`, `self` or a child first).
    named: Vec<Vec<String>>,
    /// The items it defines at its top level.
    defines: BTreeSet<String>,
}

/// Reads what `text` names and defines.
fn read(text: &str) -> File {
    let toks = without_tests(tokens(text));
    let children: BTreeSet<String> = toks
        .windows(3)
        .filter(|w| w[0] == "mod" && w[2] == ";")
        .map(|w| w[1].clone())
        .collect();
    let mut named = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].as_str();
        let next_is_path = toks.get(i + 1).map(String::as_str) == Some("::");
        // Not after `::`, nor a visibility's path (`pub(in crate::se)`).
        let start_of_path = i == 0 || (toks[i - 1] != "::" && toks[i - 1] != "in");
        let root = matches!(t, "crate" | "super" | "self") || children.contains(t);
        if start_of_path && next_is_path && root {
            let end = paths(&toks, i, &[], &mut named);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    // The items defined at the file's top level (not methods, not items in functions).
    let kinds = [
        "fn",
        "struct",
        "enum",
        "trait",
        "type",
        "const",
        "static",
        "macro_rules",
        "mod",
    ];
    let mut defines = BTreeSet::new();
    let mut depth = 0;
    for w in toks.windows(2) {
        match w[0].as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            k if depth == 0 && kinds.contains(&k) => {
                defines.insert(w[1].clone());
            }
            _ => {}
        }
    }
    File { named, defines }
}

/// The module a path named in `module` starts from, and the segments after that start.
fn start<'p>(module: &Module, path: &'p [String]) -> (Module, &'p [String]) {
    let mut at: Module = match path[0].as_str() {
        "crate" => Vec::new(),
        "self" => module.clone(),
        "super" => module[..module.len().saturating_sub(1)].to_vec(),
        child => {
            let mut m = module.clone();
            m.push(child.to_string());
            m
        }
    };
    let mut rest = &path[1..];
    while rest.first().map(String::as_str) == Some("super") {
        at.pop();
        rest = &rest[1..];
    }
    (at, rest)
}

/// The file that defines what `path` (named in `module`) names: the deepest module on
/// the path, or, where that module only hands the name on (`pub use`), the module it
/// takes it from.
fn resolve(
    module: &Module,
    path: &[String],
    files: &BTreeMap<Module, File>,
    depth: u32,
) -> Option<Module> {
    let (mut at, rest) = start(module, path);
    let mut item = None;
    for seg in rest {
        at.push(seg.clone());
        if !files.contains_key(&at) {
            at.pop();
            item = Some(seg);
            break;
        }
    }
    let file = files.get(&at)?;
    if let Some(item) = item {
        if !file.defines.contains(item) && depth < 8 {
            let handed = file
                .named
                .iter()
                .find(|p| p.last() == Some(item) && p.len() > 1);
            if let Some(p) = handed {
                return resolve(&at, p, files, depth + 1);
            }
        }
    }
    Some(at)
}

/// The strongly connected components of the graph (Tarjan's algorithm).
fn components(nodes: &[Module], edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(v: &'a Module, edges: &'a BTreeMap<Module, BTreeSet<Module>>, s: &mut State<'a>) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        for w in &edges[v] {
            if !s.index.contains_key(w) {
                visit(w, edges, s);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            s.out.push(comp);
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in nodes {
        if !s.index.contains_key(v) {
            visit(v, edges, &mut s);
        }
    }
    s.out
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "lib".to_string()
    } else {
        m.join("::")
    }
}

#[test]
fn no_import_circle_joins_more_than_two_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = BTreeMap::new();
    modules(&root, &root, &mut all);
    assert!(all.len() > 50, "found only {} source files", all.len());
    let files: BTreeMap<Module, File> = all
        .iter()
        .map(|(m, path)| {
            let text = std::fs::read_to_string(path).expect("a readable source file");
            (m.clone(), read(&text))
        })
        .collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, file) in &files {
        let to = file
            .named
            .iter()
            .filter_map(|p| resolve(module, p, &files, 0))
            .filter(|m| m != module)
            .collect();
        edges.insert(module.clone(), to);
    }
    let m = |path: &[&str]| -> Module { path.iter().map(|s| s.to_string()).collect() };
    // The check sees what it should: the engine names the table and the finders, and a
    // finder its step.
    assert!(edges[&m(&["engine"])].contains(&m(&["technique"])));
    assert!(edges[&m(&["engine"])].contains(&m(&["finders"])));
    assert!(edges[&m(&["techniques", "wings"])].contains(&m(&["step"])));
    // The table is the bottom of the techniques' layer: it names no finder, no search.
    let below: Vec<String> = edges[&m(&["technique"])].iter().map(name).collect();
    assert!(below.is_empty(), "technique.rs names {below:?}");
    // Every file names only its own layer or those below.
    let rank = |m: &Module| {
        let top = m.first().map_or("", String::as_str);
        LAYERS.iter().position(|l| l.contains(&top))
    };
    let mut upward = Vec::new();
    for (from, to) in &edges {
        let Some(here) = rank(from) else {
            panic!("{} is in no layer of LAYERS: add it", name(from));
        };
        for t in to {
            if rank(t).is_some_and(|there| there > here) {
                upward.push(format!("{} -> {}", name(from), name(t)));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "files that name a layer above their own:\n{}",
        upward.join("\n")
    );
    let nodes: Vec<Module> = all.keys().cloned().collect();
    // A circle of two files is two files of one folder, or a folder's module and a file
    // in it, sharing helpers; a larger one, or one across folders, is not allowed.
    let related = |a: &Module, b: &Module| {
        let parent = |m: &Module| m[..m.len().saturating_sub(1)].to_vec();
        parent(a) == parent(b) || &parent(a) == b || &parent(b) == a
    };
    let big: Vec<String> = components(&nodes, &edges)
        .into_iter()
        .filter(|c| c.len() > 2 || (c.len() == 2 && !related(&c[0], &c[1])))
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(name).collect();
            names.sort();
            names.join(", ")
        })
        .collect();
    assert!(
        big.is_empty(),
        "import circles of more than two files, or across folders:\n{}",
        big.join("\n")
    );
}

#[test]
fn the_check_finds_a_circle_of_three() {
    let m = |s: &str| -> Module { vec![s.to_string()] };
    let mut edges = BTreeMap::new();
    edges.insert(m("a"), BTreeSet::from([m("b")]));
    edges.insert(m("b"), BTreeSet::from([m("c")]));
    edges.insert(m("c"), BTreeSet::from([m("a")]));
    edges.insert(m("d"), BTreeSet::from([m("a")]));
    let nodes: Vec<Module> = edges.keys().cloned().collect();
    let mut sizes: Vec<usize> = components(&nodes, &edges).iter().map(Vec::len).collect();
    sizes.sort();
    assert_eq!(sizes, [1, 3]);
}

#[test]
fn a_use_tree_names_every_path_and_a_reexport_is_followed() {
    let lib = read("mod a;\nmod b;\npub use a::Thing;\n");
    let a = read("pub struct Thing;\nimpl Thing { fn method() {} }\n");
    let b = read(concat!(
        "use crate::{a::{self, Thing}, Thing as Other};\n",
        "// crate::commented::Out\n",
        "/* crate::blocked::Out */\n",
        "fn f() { super::super::x(); let s = \"crate::quoted // \"; let c = '\"'; }\n",
        "const R: &str = r#\"crate::raw\"#;\n",
        "pub(in crate::a) fn g() {}\n",
        "#[cfg(test)]\nmod tests { use crate::only_tests; }\n",
    ));
    let named: Vec<String> = b.named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        named,
        [
            "crate::a::self",
            "crate::a::Thing",
            "crate::Thing",
            "super::super::x"
        ]
    );
    assert!(a.defines.contains("Thing") && !a.defines.contains("method"));
    let files: BTreeMap<Module, File> = [(vec![], lib), (vec!["a".to_string()], a)]
        .into_iter()
        .collect();
    let b_mod = vec!["b".to_string()];
    let via_lib = vec!["crate".to_string(), "Thing".to_string()];
    assert_eq!(
        resolve(&b_mod, &via_lib, &files, 0),
        Some(vec!["a".to_string()])
    );
}
