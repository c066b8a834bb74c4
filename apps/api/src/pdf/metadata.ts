import type { PdfDoc } from './brand.ts';

/**
 * The text a document's metadata (its Info dictionary and its XMP packet) may carry: NFC, with
 * control characters, lone surrogates and noncharacters removed (XML 1.0 cannot hold them, even
 * escaped) and runs of white space made one space. What a viewer shows as the title.
 */
export function metadataText(value: string): string {
  return (
    value
      .normalize('NFC')
      // Line breaks and tabs separate words; other controls (C0, DEL, C1) are dropped.
      .replace(/[\t\n\r\f\v\u2028\u2029]+/g, ' ')
      .replace(/\p{Cc}/gu, '')
      // Lone surrogates (a broken pair) and the noncharacters XML refuses.
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/[\ufffe\uffff]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * XML character data (element content, which is all pdfkit's XMP holds): `&`, `<` and `>` (the
 * last for `]]>`) become entities. Quotes need none there, and readers as old as pdf.js 1.x
 * (pdf-parse's) refuse `&apos;`.
 */
export function escapeXmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Info fields pdfkit copies into the XMP packet (PDFKit's MetadataMixin._addInfo). */
const XMP_FIELDS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'] as const;

interface PdfKitMetadataInternals {
  info: Record<string, unknown>;
  _addInfo: () => void;
}

/**
 * pdfkit writes the Info fields into the document's XMP metadata as they are, so a client or
 * package name with `<`, `&` or `</rdf:li>` breaks the XML or adds properties of its own. Its
 * Info dictionary is already written (with PDF string escaping) when the XMP is made, so the XMP
 * step is wrapped to see the same fields XML-escaped, then given the originals back.
 * pdf-metadata.test.ts parses the metadata back to hold this against a pdfkit upgrade.
 */
export function escapeXmpMetadata(doc: PdfDoc): void {
  const internals = doc as unknown as PdfKitMetadataInternals;
  const addInfo = internals._addInfo;
  if (typeof addInfo !== 'function') throw new Error('pdfkit no longer has _addInfo');
  internals._addInfo = function escapedAddInfo(this: PdfKitMetadataInternals) {
    const original = { ...this.info };
    for (const field of XMP_FIELDS) {
      const value = this.info[field];
      if (typeof value === 'string') this.info[field] = escapeXmlText(value);
    }
    try {
      addInfo.call(this);
    } finally {
      Object.assign(this.info, original);
    }
  };
}
