//! The crate reads from the bottom up: no import circle joins more than two files.
//!
//! Each source file is a module; a file depends on another when it names it (or an item
//! in it) by a `crate::`, `super::` or `self::` path, or names a child module it
//! declares. Test modules (`mod tests { ... }`) are left out: they may look anywhere. A
//! circle of two files (a parent and its child, or two siblings that share helpers) is
//! allowed; a larger one means some file both uses and is used by the layer above it,
//! as the technique table once did (step → technique → table of finders → finders →
//! step).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

/// The text without line comments and without inline test modules.
fn code(text: &str) -> String {
    let mut out: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    while let Some(at) = out.find("mod tests {") {
        let open = at + "mod tests ".len();
        let mut depth = 0;
        let mut end = out.len();
        for (i, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..end, "");
    }
    out
}

/// The tokens of `text` that matter to paths: identifiers, `::`, `{`, `}`, `,`, `;`.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
            continue;
        }
        if c == '"' {
            // Skip a string literal.
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        if matches!(c, '{' | '}' | ',' | ';') {
            out.push(c.to_string());
        } else if !c.is_whitespace() {
            out.push(" ".to_string());
        }
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
    let toks = tokens(&code(text));
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
        let start_of_path = i == 0 || toks[i - 1] != "::";
        let root = matches!(t, "crate" | "super" | "self") || children.contains(t);
        if start_of_path && next_is_path && root {
            let end = paths(&toks, i, &[], &mut named);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
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
    let defines = toks
        .windows(2)
        .filter(|w| kinds.contains(&w[0].as_str()))
        .map(|w| w[1].clone())
        .collect();
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
    let nodes: Vec<Module> = all.keys().cloned().collect();
    let big: Vec<String> = components(&nodes, &edges)
        .into_iter()
        .filter(|c| c.len() > 2)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(name).collect();
            names.sort();
            names.join(", ")
        })
        .collect();
    assert!(
        big.is_empty(),
        "import circles of more than two files:\n{}",
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
    let a = read("pub struct Thing;\n");
    let b = read("use crate::{a::{self, Thing}, Thing as Other};\nfn f() { super::x(); }\n");
    assert_eq!(b.named.len(), 4, "{:?}", b.named);
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
