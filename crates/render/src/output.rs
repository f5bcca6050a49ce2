//! SVG pages to PDF (vector, text embedded and selectable) and to PNG, with the shipped
//! font only, so every machine makes the same bytes.

use std::sync::{Arc, OnceLock};

#[cfg(feature = "png")]
use resvg::usvg;
#[cfg(all(feature = "pdf", not(feature = "png")))]
use svg2pdf::usvg;

/// Why a picture could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The SVG did not parse (a bug: the renderer writes it).
    #[error("page {page}: the SVG does not parse: {message}")]
    Svg {
        /// 1-based page number.
        page: usize,
        /// What the parser said.
        message: String,
    },
    /// The PDF conversion failed.
    #[error("page {page}: cannot convert to PDF: {message}")]
    Pdf {
        /// 1-based page number.
        page: usize,
        /// What the converter said.
        message: String,
    },
    /// The PNG could not be made.
    #[error("page {page}: cannot draw a PNG: {message}")]
    Png {
        /// 1-based page number.
        page: usize,
        /// Why.
        message: String,
    },
}

/// Points in a CSS pixel: usvg measures in pixels of 1/96 inch, PDF in points of 1/72.
const PT_PER_PX: f32 = 72.0 / 96.0;

/// Parse options with the shipped fonts and nothing else.
fn options() -> usvg::Options<'static> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(crate::font::REGULAR.to_vec());
        db.load_font_data(crate::font::BOLD.to_vec());
        db.set_sans_serif_family("Inter");
        Arc::new(db)
    });
    usvg::Options {
        font_family: "Inter".to_string(),
        fontdb: fonts.clone(),
        ..usvg::Options::default()
    }
}

fn parse(svg: &str, page: usize) -> Result<usvg::Tree, OutputError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| OutputError::Svg {
        page,
        message: e.to_string(),
    })
}

/// A PDF of the pages (SVG documents, a user unit a point), one PDF page each, with
/// `title` in the document information.
///
/// svg2pdf writes the fonts of one conversion in hash-map order, so a picture with two
/// fonts would come out in either order; each page is therefore converted as two layers
/// of one font each, everything but the bold text, then the bold text on top (see
/// [`layers`]), and the bytes are the same on every run.
///
/// # Errors
/// When a page does not parse or convert.
#[cfg(feature = "pdf")]
pub fn pdf(pages: &[String], title: Option<&str>) -> Result<Vec<u8>, OutputError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};

    let converted = each_page(pages, convert)?;
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::new();
    let mut chunks = Vec::new();
    for page in converted {
        let (w, h) = page.size;
        let (page_id, content_id) = (alloc.bump(), alloc.bump());
        let mut content = Content::new();
        let mut forms = Vec::new();
        for (k, (chunk, root)) in page.layers.iter().enumerate() {
            let (chunk, form) = renumber(chunk, *root, &mut alloc);
            forms.push(form);
            content.save_state();
            content
                .transform([w, 0.0, 0.0, h, 0.0, 0.0])
                .x_object(Name(LAYERS[k]));
            content.restore_state();
            chunks.push(chunk);
        }
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        let mut resources = page.resources();
        let mut objects = resources.x_objects();
        for (name, form) in LAYERS.iter().zip(&forms) {
            objects.pair(Name(name), *form);
        }
        objects.finish();
        resources.finish();
        page.finish();
        pdf.stream(content_id, &content.finish());
        kids.push(page_id);
    }
    pdf.catalog(catalog).pages(tree_id);
    pdf.pages(tree_id)
        .kids(kids.iter().copied())
        .count(kids.len() as i32);
    let mut doc = pdf.document_info(info);
    if let Some(t) = title {
        doc.title(TextStr(t));
    }
    doc.creator(TextStr("sudokit"));
    doc.finish();
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    Ok(pdf.finish())
}

/// A page converted: its size in points and its layers as PDF forms, numbered from 1.
#[cfg(feature = "pdf")]
struct Converted {
    size: (f32, f32),
    layers: Vec<(pdf_writer::Chunk, pdf_writer::Ref)>,
}

/// Parses and converts one page (the slow part: text shaping), layer by layer.
#[cfg(feature = "pdf")]
fn convert(svg: &str, page: usize) -> Result<Converted, OutputError> {
    let (plain, bold) = layers(svg);
    let mut layers = Vec::new();
    let mut size = (0.0, 0.0);
    for (k, layer) in [Some(plain), bold].into_iter().flatten().enumerate() {
        let tree = parse(&layer, page)?;
        if k == 0 {
            size = (
                tree.size().width() * PT_PER_PX,
                tree.size().height() * PT_PER_PX,
            );
        }
        let options = svg2pdf::ConversionOptions::default();
        let chunk = svg2pdf::to_chunk(&tree, options).map_err(|e| OutputError::Pdf {
            page,
            message: e.to_string(),
        })?;
        layers.push(chunk);
    }
    Ok(Converted { size, layers })
}

/// Runs `work` on every page, on all cores, and returns the results in page order (the
/// first error, if any).
pub fn each_page<T: Send>(
    pages: &[String],
    work: impl Fn(&str, usize) -> Result<T, OutputError> + Sync,
) -> Result<Vec<T>, OutputError> {
    let numbered: Vec<(usize, &String)> = pages.iter().enumerate().collect();
    sudokit_core::parallel::map_ordered(&numbered, 0, |&(i, svg)| work(svg, i + 1))
        .into_iter()
        .collect()
}

/// The names of a page's layers in its resources.
#[cfg(feature = "pdf")]
const LAYERS: [&[u8]; 2] = [b"L0", b"L1"];

/// A converted layer renumbered into the document's references from `alloc` on: the
/// chunk and its form's new reference.
#[cfg(feature = "pdf")]
fn renumber(
    chunk: &pdf_writer::Chunk,
    root: pdf_writer::Ref,
    alloc: &mut pdf_writer::Ref,
) -> (pdf_writer::Chunk, pdf_writer::Ref) {
    let offset = alloc.get() - 1;
    let mut last = alloc.get();
    let chunk = chunk.renumber(|old| {
        let new = pdf_writer::Ref::new(old.get() + offset);
        last = last.max(new.get());
        new
    });
    *alloc = pdf_writer::Ref::new(last + 1);
    (chunk, pdf_writer::Ref::new(root.get() + offset))
}

/// A page split into everything but its bold text, and its bold text alone (`None` when
/// it has none), each a document of the page's size. The renderer writes one element a
/// line, so a line is an element.
pub fn layers(svg: &str) -> (String, Option<String>) {
    let is_bold = |l: &&str| l.starts_with("<text") && l.contains("font-weight=\"bold\"");
    let mut lines = svg.lines();
    let head = lines.next().unwrap_or_default();
    let body: Vec<&str> = lines.collect();
    let plain: Vec<&str> = body.iter().copied().filter(|l| !is_bold(l)).collect();
    let bold: Vec<&str> = body.iter().copied().filter(is_bold).collect();
    let join = |lines: &[&str]| format!("{head}\n{}\n", lines.join("\n"));
    let bold = (!bold.is_empty()).then(|| format!("{}</svg>\n", join(&bold)));
    (join(&plain), bold)
}

/// A PNG of one page at `dpi` dots per inch.
///
/// # Errors
/// When the page does not parse or is too large to draw.
#[cfg(feature = "png")]
pub fn png(svg: &str, dpi: f32) -> Result<Vec<u8>, OutputError> {
    png_page(svg, 1, dpi)
}

/// [`png`] of page `page` (for its messages).
#[cfg(feature = "png")]
pub fn png_page(svg: &str, page: usize, dpi: f32) -> Result<Vec<u8>, OutputError> {
    let tree = parse(svg, page)?;
    let scale = dpi / 96.0;
    let (w, h) = (tree.size().width() * scale, tree.size().height() * scale);
    let size = resvg::tiny_skia::IntSize::from_wh(w.round() as u32, h.round() as u32).ok_or(
        OutputError::Png {
            page,
            message: "size out of range".into(),
        },
    )?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(OutputError::Png {
            page,
            message: format!("{}×{} pixels is too large", size.width(), size.height()),
        })?;
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| OutputError::Png {
        page,
        message: e.to_string(),
    })
}
