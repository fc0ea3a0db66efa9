import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { sendDownload } from './http.ts';
import { drawableImage } from './images.ts';
import { serverMessages } from './server.messages.ts';

// PDF exports (org chart, vision board; docs/decisions/046) with pdfmake 0.3 on the server. Only
// the 14 standard PDF fonts are used (no font files), and pdfmake may fetch nothing: no URL and
// no local file; pictures are handed to it as data URLs.

/** The part of a pdfmake document definition the exports use (pdfmake ships no types). */
export type PdfContent = Record<string, unknown> | string | PdfContent[];
export interface PdfDocument {
  pageSize: 'A4' | 'LETTER';
  pageOrientation: 'portrait' | 'landscape';
  pageMargins: [number, number, number, number];
  content: PdfContent[];
  header?: PdfContent;
  footer?: (currentPage: number, pageCount: number) => PdfContent;
  info?: { title: string };
  styles?: Record<string, Record<string, unknown>>;
}

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: unknown): { getBuffer(): Promise<Buffer> };
}

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
/** Standard fonts are built into PDF readers; pdfmake asks the local policy about their names too. */
const STANDARD_FONTS: ReadonlySet<string> = new Set(Object.values(HELVETICA));

let instance: PdfMake | undefined;
const pdfmake = (): PdfMake => {
  if (!instance) {
    instance = createRequire(import.meta.url)('pdfmake') as PdfMake;
    instance.setFonts({ Helvetica: HELVETICA });
    instance.setUrlAccessPolicy(() => false);
    instance.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
  }
  return instance;
};

/** The app's brand colour: the exports' headings and rules. */
export const BRAND_COLOR = '#4263EB';

/** Page sizes in points (pdfmake's), for layouts that fit a page. */
export const PAGE_POINTS = { A4: { width: 595.28, height: 841.89 }, LETTER: { width: 612, height: 792 } } as const;

/** A data URL pdfmake can draw (png or jpeg), or undefined. */
export const embeddableImage = (url: string | null | undefined) =>
  url && /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=]+$/.test(url) ? url : undefined;

/**
 * The workspace's heading every export starts with: its logo when it has one pdfmake can draw,
 * its name and the document's title in the brand colour, a note when pictures were left out
 * (the logo's or `leftOut` more of the document's), then a rule.
 */
export const workspaceHeading = (
  workspace: { name: string; iconLogo: string | null; logoLeftOut?: boolean },
  title: string,
  width: number,
  leftOut = 0,
) => {
  const logo = embeddableImage(workspace.iconLogo);
  const missing = leftOut + (workspace.logoLeftOut ? 1 : 0);
  return [
    {
      columns: [
        ...(logo ? [{ image: logo, fit: [32, 32], width: 40 }] : []),
        {
          stack: [
            { text: workspace.name, fontSize: 9, color: '#555555' },
            { text: title, fontSize: 16, bold: true, color: BRAND_COLOR },
            ...(missing > 0 ? [{ text: serverMessages.picturesLeftOut(missing), fontSize: 7, color: '#555555' }] : []),
          ],
        },
      ],
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 4, x2: width, y2: 4, lineWidth: 1.5, lineColor: BRAND_COLOR }],
      margin: [0, 0, 0, 8],
    },
  ];
};

/** Renders the document to PDF bytes. */
export const renderPdf = (doc: PdfDocument): Promise<Buffer> =>
  pdfmake()
    .createPdf({ ...doc, defaultStyle: { font: 'Helvetica', fontSize: 9 } })
    .getBuffer();

const DATA_URL = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/;

/**
 * The workspace's name and logo for an export's heading. A logo stored as a picture is decoded
 * first: one that does not decode is left out (`logoLeftOut`), so the export still works.
 */
export const exportingWorkspace = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ name: tenants.name, iconLogo: tenants.iconLogo })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const picture = DATA_URL.exec(row?.iconLogo ?? '')?.[1];
  const iconLogo = picture ? ((await drawableImage(Buffer.from(picture, 'base64'))) ?? null) : null;
  return { name: row?.name ?? '', iconLogo, logoLeftOut: Boolean(picture) && !iconLogo };
};

/** Sends PDF bytes as a download named `fileName`, never cached. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
  sendDownload(reply, pdf, 'application/pdf', fileName);
