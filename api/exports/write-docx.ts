// A document outline (domain/exports/record-document.ts) as DOCX through the `docx` package: the
// classification banner in every page's header and footer, the title and heading block, the
// paragraphs as Word headings 1 and 2 with their text, items as a bulleted list, and each
// paragraph's provenance (or the missing input) in italics beneath it.
import { AlignmentType, Document, Footer, Header, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import type { DocumentOutline } from '../../domain/exports/record-document.ts';

const banner = (text: string) =>
  new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, bold: true, color: 'C00000' })] });

const note = (text: string) =>
  new Paragraph({
    spacing: { after: 120 },
    children: [new TextRun({ text, italics: true, size: 18, color: '555555' })],
  });

export async function writeDocx(outline: DocumentOutline): Promise<Buffer> {
  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, text: outline.title }),
    ...outline.heading.map((line) => new Paragraph({ text: line })),
  ];
  for (const section of outline.sections) {
    body.push(
      new Paragraph({
        heading: section.level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
        text: section.heading,
      }),
    );
    for (const text of section.paragraphs) body.push(new Paragraph({ text }));
    for (const item of section.items) body.push(new Paragraph({ text: item, bullet: { level: 0 } }));
    if (section.missing) body.push(note(section.missing));
    if (section.provenance) body.push(note(`${section.doctrine}; ${section.provenance}`));
  }
  body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Notes on this copy' }));
  for (const line of outline.notes) body.push(new Paragraph({ text: line }));

  const document = new Document({
    title: outline.title,
    creator: 'Operations planning and terrain analysis service',
    sections: [
      {
        headers: { default: new Header({ children: [banner(outline.banner)] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
              }),
              banner(outline.banner),
            ],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}
