import fc from 'fast-check';
import pdfParse from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import {
  clientCarePdfPayloadSchema,
  computeProposalFigures,
  type ClientCarePdfData,
} from '@portal/domain';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { BRAND_NAME } from './brand.ts';
import { CLIENT_CARE_TITLE, renderClientCarePdf } from './client-care-document.ts';
import { escapeXmlText, metadataText } from './metadata.ts';
import { PROPOSAL_TITLE, renderProposalPdf } from './proposal-document.ts';

/**
 * Issue 16, item 7: names go into both PDFs' metadata (the Info dictionary and the XMP packet).
 * Whatever a client or package name holds, the metadata read back is its visible text, and the
 * XMP holds the properties pdfkit writes and no other.
 */
const markup = fc.constantFrom(
  '<',
  '>',
  '&',
  '"',
  "'",
  ']]>',
  '<![CDATA[',
  '</rdf:li></rdf:Alt></dc:title><dc:rights>x</dc:rights><dc:title><rdf:Alt><rdf:li>',
  '<?xpacket end="w"?>',
  '&amp;',
  '&#0;',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\t',
  '\n',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  'ç ã é õ',
  '😀',
  '李',
);
/** Random Unicode mixed with markup and control characters. */
const hostileName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
      markup,
    ),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(''));

/** Every element pdfkit's XMP packet may contain; an injected name would add others. */
const XMP_ELEMENTS = new Set([
  'x:xmpmeta',
  'rdf:RDF',
  'rdf:Description',
  'rdf:Alt',
  'rdf:Seq',
  'rdf:li',
  'xmp:CreateDate',
  'xmp:CreatorTool',
  'dc:title',
  'dc:creator',
  'dc:description',
  'pdf:Producer',
]);

interface ParsedMetadata {
  info: Record<string, unknown>;
  xmp: Record<string, string>;
  rawXmp: string;
}

async function readMetadata(bytes: Buffer): Promise<ParsedMetadata> {
  const parsed = await pdfParse(bytes);
  const metadata = parsed.metadata as { _metadata?: Record<string, string> } | null;
  const rawXmp = /<\?xpacket begin[\s\S]*?<\?xpacket end="w"\?>/.exec(bytes.toString('utf8'))?.[0];
  return {
    info: parsed.info as Record<string, unknown>,
    xmp: { ...(metadata?._metadata ?? {}) },
    rawXmp: rawXmp ?? '',
  };
}

/** Title, author and subject as read back from the Info dictionary and from the XMP packet. */
function expectMetadata(read: ParsedMetadata, title: string, author: string, subject: string) {
  const expected: Array<[string, string, string]> = [
    ['Title', 'dc:title', title],
    ['Author', 'dc:creator', author],
    ['Subject', 'dc:description', subject],
  ];
  for (const [infoKey, element, text] of expected) {
    // pdfkit leaves an empty field out of the XMP.
    expect(read.info[infoKey]).toBe(text);
    expect(read.xmp[element.toLowerCase()]).toBe(text === '' ? undefined : text);
    expect(read.rawXmp.split(`<${element}>`)).toHaveLength(text === '' ? 1 : 2);
  }
  // No element but pdfkit's own, each field's text escaped in place.
  const elements = [...read.rawXmp.matchAll(/<\/?([A-Za-z][\w.-]*:[\w.-]+)/g)].map((m) => m[1]);
  expect(elements.filter((name) => !XMP_ELEMENTS.has(name ?? ''))).toEqual([]);
  if (title) expect(read.rawXmp).toContain(`>${escapeXmlText(title)}</rdf:li>`);
}

describe('PDF metadata', () => {
  it('keeps a proposal’s names as text, injecting nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, hostileName, hostileName, async (client, pkg, author) => {
        const bytes = await renderProposalPdf({
          clientName: client,
          packageName: pkg,
          figures: computeProposalFigures(1200, []),
          benefitCards: [],
          synergyItems: [],
          author,
          issuedAt: new Date(),
        });
        const read = await readMetadata(bytes);
        expect(read.info.Creator).toBe(BRAND_NAME);
        expectMetadata(
          read,
          metadataText(`${PROPOSAL_TITLE} - ${pkg}`),
          metadataText(author),
          metadataText(client ? `Proposta para ${client}` : PROPOSAL_TITLE),
        );
      }),
      { numRuns: propertyRuns(20) },
    );
  });

  it('keeps a care guide’s client name as text, injecting nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, hostileName, async (client, author) => {
        const valid = clientCarePdfPayloadSchema.parse({ client: { full_name: 'Cliente' } });
        // The name as typed, past any cleaning the payload schema may do: the document must hold.
        const data: ClientCarePdfData = {
          ...valid,
          client: { ...valid.client, full_name: client },
        };
        const bytes = await renderClientCarePdf({ data, author, issuedAt: new Date() });
        const read = await readMetadata(bytes);
        expectMetadata(
          read,
          // A guide without a name says so plainly (no dangling ' - ').
          metadataText(client ? `${CLIENT_CARE_TITLE} - ${client}` : CLIENT_CARE_TITLE),
          metadataText(author),
          metadataText(
            client ? `Orientações de atendimento para ${client}` : 'Orientações de atendimento',
          ),
        );
      }),
      { numRuns: propertyRuns(20) },
    );
  });

  it('escapes the XML markup characters and drops what XML cannot hold', () => {
    expect(escapeXmlText(`<a href="x">&'</a> ]]>`)).toBe(
      `&lt;a href="x"&gt;&amp;'&lt;/a&gt; ]]&gt;`,
    );
    expect(metadataText(' Ana\u0000 \n\tMaria\u202e\u0007 ]]> \ud800')).toBe('Ana Maria\u202e ]]>');
  });
});
