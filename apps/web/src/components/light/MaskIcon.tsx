import type { Icon as TablerIcon } from '@tabler/icons-react';
import { type CSSProperties, isValidElement, type ReactElement, type ReactNode } from 'react';
import classes from './MaskIcon.module.css';

/*
 * A Tabler icon drawn by one element: its SVG, made once per icon, size and stroke, is the mask of a
 * span filled with the text colour. An inline Tabler icon is an <svg> of ten attributes and two to
 * five <path>s: the first screen drew seventy of them (the navigation, two per vault row, the sort
 * buttons), about a third of all its elements. Use it for icons that repeat; one-off icons can stay
 * Tabler's components.
 */

type Forward = TablerIcon & { render?: (props: Record<string, unknown>, ref: null) => ReactNode };

// React's names of the SVG attributes a Tabler icon sets (viewBox keeps its case).
const attrName = (k: string) => (k === 'className' ? 'class' : k === 'viewBox' ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
const escapeAttr = (v: unknown) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The markup of a React element tree of plain SVG elements (what a Tabler icon's render returns). */
function markup(node: ReactNode): string {
  if (Array.isArray(node)) return node.map(markup).join('');
  if (!isValidElement(node) || typeof node.type !== 'string') return '';
  const { children, ...props } = node.props as Record<string, unknown> & { children?: ReactNode };
  const attrs = Object.entries(props)
    .filter(([k, v]) => v !== undefined && v !== null && v !== false && k !== 'key' && k !== 'ref')
    .map(([k, v]) => ` ${attrName(k)}="${escapeAttr(v)}"`)
    .join('');
  return `<${node.type}${attrs}>${markup(children)}</${node.type}>`;
}

const masks = new Map<string, string>();

/** The icon's SVG as a CSS url(), black on transparent, made on first use. */
export function iconMask(icon: TablerIcon, size: number, stroke: number): string {
  const key = `${icon.displayName}/${size}/${stroke}`;
  let mask = masks.get(key);
  if (!mask) {
    const render = (icon as Forward).render;
    const tree = render?.({ size, stroke, color: 'black' }, null) as ReactElement | undefined;
    mask = `url("data:image/svg+xml,${encodeURIComponent(markup(tree ?? null))}")`;
    masks.set(key, mask);
  }
  return mask;
}

const maskClasses = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;
/** The rules made while the server draws a page (decision 0051): it sends them in the page's head. */
const serverRules = new Map<string, string>();

/** The mask rules the server's render used, as CSS; clears them for the next render. */
export function takeServerMaskRules(): string {
  const css = [...serverRules.values()].join('');
  serverRules.clear();
  return css;
}

/**
 * A class whose rule sets the icon's mask, added once to a stylesheet of the page: every element of
 * the icon shares it, instead of each carrying the SVG in its own style attribute. Its name comes from
 * the icon, size and stroke, so the server's markup and the browser's render agree.
 */
function maskClass(icon: TablerIcon, size: number, stroke: number): string {
  const key = `${icon.displayName}/${size}/${stroke}`;
  const name = `mask-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const rule = () => `.${name}{--mask-icon:${iconMask(icon, size, stroke)}}`;
  if (typeof document === 'undefined') {
    if (!serverRules.has(name)) serverRules.set(name, rule());
    return name;
  }
  if (!maskClasses.has(key)) {
    if (!sheet) {
      const style = document.createElement('style');
      style.dataset.maskIcons = '';
      document.head.append(style);
      sheet = style.sheet;
    }
    sheet?.insertRule(rule(), sheet.cssRules.length);
    maskClasses.set(key, name);
  }
  return name;
}

/** A Tabler icon as one element, `size` pixels square, in the text colour; hidden from screen readers. */
export function MaskIcon({
  icon,
  size = 24,
  stroke = 2,
  style,
}: {
  icon: TablerIcon;
  size?: number;
  stroke?: number;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${classes.icon} ${maskClass(icon, size, stroke)}`}
      style={{ width: size, height: size, ...style }}
    />
  );
}
