/**
 * A small XML well-formedness check for the tests (XML 1.0 without DTDs): one root element,
 * properly nested and closed tags, quoted and unique attributes, no raw `<` or stray `&` in
 * text or values. Returns the root element or throws naming the offset of the first fault.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9A-Fa-f]+);/y;

export function parseXml(text: string): XmlElement {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML at ${at}: ${why}`);
  };
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (text.startsWith("<!--", at)) {
        const end = text.indexOf("-->", at + 4);
        if (end < 0) fail("unclosed comment");
        at = end + 3;
      } else if (text.startsWith("<?", at) && !text.startsWith("<?xml", at)) {
        const end = text.indexOf("?>", at);
        if (end < 0) fail("unclosed processing instruction");
        at = end + 2;
      } else return;
    }
  };
  const name = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(text);
    if (!match) fail("expected a name");
    at += match![0].length;
    return match![0];
  };
  const checkChars = (chunk: string, where: string) => {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === "<") fail(`raw < in ${where}`);
      if (chunk[i] === "&") {
        ENTITY.lastIndex = i;
        if (!ENTITY.test(chunk)) fail(`bad entity in ${where}`);
      }
    }
  };
  const element = (): XmlElement => {
    if (text[at] !== "<") fail("expected <");
    at++;
    const el: XmlElement = { name: name(), attributes: {}, children: [] };
    for (;;) {
      const before = at;
      skipSpace();
      if (text.startsWith("/>", at)) return (at += 2), el;
      if (text[at] === ">") break;
      if (at === before) fail("expected space between attributes");
      const attr = name();
      skipSpace();
      if (text[at] !== "=") fail("expected =");
      at++;
      skipSpace();
      const quote = text[at];
      if (quote !== '"' && quote !== "'") fail("unquoted attribute value");
      const end = text.indexOf(quote, at + 1);
      if (end < 0) fail("unclosed attribute value");
      const value = text.slice(at + 1, end);
      checkChars(value, `attribute ${attr}`);
      if (attr in el.attributes) fail(`duplicate attribute ${attr}`);
      el.attributes[attr] = value;
      at = end + 1;
    }
    at++;
    for (;;) {
      const next = text.indexOf("<", at);
      if (next < 0) fail(`unclosed element ${el.name}`);
      checkChars(text.slice(at, next), `text of ${el.name}`);
      at = next;
      if (text.startsWith("</", at)) {
        at += 2;
        if (name() !== el.name) fail(`mismatched end tag of ${el.name}`);
        skipSpace();
        if (text[at] !== ">") fail("expected > of an end tag");
        at++;
        return el;
      }
      if (text.startsWith("<!--", at)) {
        const end = text.indexOf("-->", at + 4);
        if (end < 0) fail("unclosed comment");
        at = end + 3;
      } else el.children.push(element());
    }
  };

  if (text.startsWith("<?xml", at)) {
    const end = text.indexOf("?>", at);
    if (end < 0) fail("unclosed XML declaration");
    at = end + 2;
  }
  skipMisc();
  const root = element();
  skipMisc();
  if (at !== text.length) fail("content after the root element");
  return root;
}
