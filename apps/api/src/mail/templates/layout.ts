import mjml2html from 'mjml';

/** One block of a message's body, in reading order. */
export type Block = { type: 'p'; html: string } | { type: 'button'; label: string; href: string } | { type: 'small'; html: string };

export interface Frame {
  lang: string;
  title: string;
  accentColor: string;
  logoUrl: string | null;
  portalName: string;
  footerHtml: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export { escapeHtml };

/*
 * MJML turns a message's shape into HTML that mail clients render (tables, inline styles, Outlook
 * conditionals). Compiling takes milliseconds, far too long for an import that queues ten thousand
 * invitations, so each shape (the sequence of block types, the accent colour, the logo) is compiled
 * once with numbered markers, and every message of that shape only fills the markers in.
 */
const MARK = (i: number | string) => `%%VAULT_${i}%%`;
const MARK_RE = /%%VAULT_([a-z0-9]+)%%/g;

function skeleton(blocks: Block[], frame: Frame): string {
  const accent = frame.accentColor;
  const body = blocks
    .map((b, i) => {
      if (b.type === 'button') {
        return `<mj-button href="${MARK(`h${i}`)}" background-color="${accent}" color="#ffffff" font-size="16px" align="left" padding="8px 0 16px" inner-padding="12px 24px" border-radius="6px">${MARK(i)}</mj-button>`;
      }
      const size = b.type === 'small' ? 'font-size="13px" color="#495057"' : 'font-size="16px" color="#212529"';
      return `<mj-text ${size} line-height="1.5" padding="0 0 12px">${MARK(i)}</mj-text>`;
    })
    .join('\n');
  const header = frame.logoUrl
    ? `<mj-image src="${MARK('logo')}" alt="${MARK('name')}" align="left" width="160px" padding="0 0 8px" />`
    : `<mj-text font-size="20px" font-weight="700" color="${accent}" padding="0 0 8px">${MARK('name')}</mj-text>`;
  return `<mjml lang="${MARK('lang')}">
  <mj-head>
    <mj-title>${MARK('title')}</mj-title>
    <mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5" width="600px">
    <mj-section padding="24px 16px 0"><mj-column>${header}</mj-column></mj-section>
    <mj-section background-color="#ffffff" border-top="4px solid ${accent}" padding="24px">
      <mj-column>
${body}
      </mj-column>
    </mj-section>
    <mj-section padding="16px"><mj-column>
      <mj-text font-size="12px" color="#495057" line-height="1.5">${MARK('footer')}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
}

const compiled = new Map<string, Promise<string>>();
const MAX_SHAPES = 500;

async function compile(blocks: Block[], frame: Frame): Promise<string> {
  const key = JSON.stringify([blocks.map((b) => b.type), frame.accentColor, frame.logoUrl !== null]);
  let html = compiled.get(key);
  if (!html) {
    if (compiled.size >= MAX_SHAPES) compiled.delete(compiled.keys().next().value!);
    html = mjml2html(skeleton(blocks, frame), { validationLevel: 'strict', minify: false, keepComments: false }).then((r) => r.html);
    html.catch(() => compiled.delete(key));
    compiled.set(key, html);
  }
  return html;
}

/** The whole HTML document of a message; every text is escaped by the caller or here. */
export async function renderHtml(blocks: Block[], frame: Frame): Promise<string> {
  const html = await compile(blocks, frame);
  const fills: Record<string, string> = {
    lang: escapeHtml(frame.lang),
    title: escapeHtml(frame.title),
    name: escapeHtml(frame.portalName),
    logo: escapeHtml(frame.logoUrl ?? ''),
    footer: frame.footerHtml,
  };
  blocks.forEach((b, i) => {
    if (b.type === 'button') {
      fills[String(i)] = escapeHtml(b.label);
      fills[`h${i}`] = escapeHtml(b.href);
    } else fills[String(i)] = b.html;
  });
  return html.replace(MARK_RE, (_, k: string) => fills[k] ?? '');
}
