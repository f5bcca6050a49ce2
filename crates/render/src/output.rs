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

/// A PDF of the pages (SVG documents sized in points), one PDF page each, with `title`
/// in the document information.
///
/// # Errors
/// When a page does not parse or convert.
#[cfg(feature = "pdf")]
pub fn pdf(pages: &[String], title: Option<&str>) -> Result<Vec<u8>, OutputError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
    use std::collections::HashMap;

    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::new();
    let mut chunks = Vec::new();
    for (i, svg) in pages.iter().enumerate() {
        let tree = parse(svg, i + 1)?;
        let options = svg2pdf::ConversionOptions::default();
        let (chunk, root) = svg2pdf::to_chunk(&tree, options).map_err(|e| OutputError::Pdf {
            page: i + 1,
            message: e.to_string(),
        })?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let form = map[&root];
        let (page_id, content_id) = (alloc.bump(), alloc.bump());
        let size = tree.size();
        let (w, h) = (size.width(), size.height());
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(Name(b"P"), form);
        page.finish();
        let mut content = Content::new();
        content
            .transform([w, 0.0, 0.0, h, 0.0, 0.0])
            .x_object(Name(b"P"));
        pdf.stream(content_id, &content.finish());
        kids.push(page_id);
        chunks.push(chunk);
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

/// A PNG of one page at `dpi` dots per inch (the SVG's user unit being a point at 72).
///
/// # Errors
/// When the page does not parse or is too large to draw.
#[cfg(feature = "png")]
pub fn png(svg: &str, dpi: f32) -> Result<Vec<u8>, OutputError> {
    let tree = parse(svg, 1)?;
    let scale = dpi / 72.0;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or(OutputError::Png {
            page: 1,
            message: "size out of range".into(),
        })?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(OutputError::Png {
            page: 1,
            message: format!("{}×{} pixels is too large", size.width(), size.height()),
        })?;
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| OutputError::Png {
        page: 1,
        message: e.to_string(),
    })
}
