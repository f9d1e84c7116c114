import { scimError } from './scim-context.ts';

// The syntax of a list's filter (RFC 7644 §3.4.2.2), checked before scimmy parses it: scimmy reads a bare attribute
// (`userName`) as a crash, and a comparison without its value (`userName eq`) or a dangling `and`/`or` as a filter
// that matches nothing, so a directory told "no such user" would make a duplicate. Each malformed filter is a 400
// invalidFilter saying what is wrong. `not` is refused too: scimmy negates a group by rewriting its text (`not (a and
// b)` becomes `not a and not b`), which answers the wrong members, and a directory can say `ne` instead.

const COMPARATORS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le', 'pr'];
const COMPARATOR_LIST = 'eq, ne, co, sw, ew, gt, lt, ge, le or pr';
const VALUE_KINDS = 'a quoted string, a number, true, false or null';

/** `userName`, `name.givenName`, `urn:…:User:department`, `members.$ref`. */
const ATTRIBUTE = /^(?:urn:[\w.:-]+:)?[a-z$][\w$-]*(?:\.[a-z$][\w$-]*)?$/i;
/** The sub-attribute after a value path: `emails[type eq "work"].value`. */
const SUB_ATTRIBUTE = /^\.[a-z$][\w$-]*$/i;
/** A number as scimmy reads one. */
const NUMBER = /^[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

type Token = { kind: 'punct' | 'string' | 'word'; text: string };

const refuse = (detail: string) => scimError(400, 'invalidFilter', detail);

/** Splits the filter into brackets, quoted strings and words (anything else up to a space, bracket or quote). */
const tokensOf = (filter: string): Token[] => {
  const tokens: Token[] = [];
  let at = 0;
  while (at < filter.length) {
    const char = filter.charAt(at);
    if (/\s/.test(char)) {
      at += 1;
    } else if ('()[]'.includes(char)) {
      tokens.push({ kind: 'punct', text: char });
      at += 1;
    } else if (char === '"') {
      let end = at + 1;
      while (end < filter.length && filter.charAt(end) !== '"') end += filter.charAt(end) === '\\' ? 2 : 1;
      if (end >= filter.length) throw refuse('A quoted value in the filter has no closing quote (")');
      tokens.push({ kind: 'string', text: filter.slice(at, end + 1) });
      at = end + 1;
    } else {
      const word = /^[^\s()[\]"]+/.exec(filter.slice(at))?.[0] ?? char;
      tokens.push({ kind: 'word', text: word });
      at += word.length;
    }
  }
  return tokens;
};

const isWord = (token: Token | undefined, ...words: string[]) =>
  token?.kind === 'word' && words.includes(token.text.toLowerCase());
// true, false and null as JSON spells them: scimmy reads `True` as false.
const isValue = (token: Token) =>
  token.kind === 'string' ||
  (token.kind === 'word' && (NUMBER.test(token.text) || ['true', 'false', 'null'].includes(token.text)));

/** 400 invalidFilter naming what is wrong, unless `filter` is a filter of RFC 7644's grammar that scimmy reads right. */
export const assertFilterSyntax = (filter: string) => {
  const tokens = tokensOf(filter);
  if (tokens.length === 0) throw refuse('The filter is empty: leave it out to list everything');
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++] as Token;

  /** A comparison's operator and value, after its attribute. */
  const comparison = (attribute: string) => {
    const operator = peek();
    if (operator === undefined || !isWord(operator, ...COMPARATORS))
      throw refuse(
        operator === undefined || operator.kind === 'punct'
          ? `"${attribute}" needs a comparison operator after it (${COMPARATOR_LIST})`
          : `"${operator.text}" after "${attribute}" is not a comparison operator: use ${COMPARATOR_LIST}`,
      );
    take();
    if (isWord(operator, 'pr')) return;
    const value = peek();
    if (value === undefined || value.kind === 'punct' || isWord(value, 'and', 'or'))
      throw refuse(`"${attribute} ${operator.text}" needs a value after ${operator.text}: ${VALUE_KINDS}`);
    if (!isValue(value))
      throw refuse(`The value ${value.text} after "${attribute} ${operator.text}" must be ${VALUE_KINDS}`);
    take();
  };

  /** One comparison, a group in brackets, or a value path (`emails[type eq "work"]`). */
  const term = (inValuePath: boolean) => {
    const token = peek();
    if (token === undefined) throw refuse('The filter ends where a comparison should be');
    if (isWord(token, 'not'))
      throw refuse('Filters with "not" are not supported: compare with ne for "not equal"');
    if (token.text === '(' && token.kind === 'punct') {
      take();
      if (peek()?.text === ')') throw refuse('The brackets "( )" in the filter hold no comparison');
      either(inValuePath);
      if (peek()?.text !== ')') throw refuse('A "(" in the filter is not closed with ")"');
      take();
      return;
    }
    if (token.kind !== 'word' || !ATTRIBUTE.test(token.text) || isWord(token, 'and', 'or', ...COMPARATORS))
      throw refuse(`Each comparison in the filter starts with an attribute name, not ${token.text}`);
    take();
    if (peek()?.text !== '[' || peek()?.kind !== 'punct') return comparison(token.text);
    if (inValuePath) throw refuse(`A filter in "[ ]" cannot hold another one (after "${token.text}")`);
    take();
    if (peek()?.text === ']') throw refuse(`The brackets "[ ]" after "${token.text}" hold no comparison`);
    either(true);
    if (peek()?.text !== ']') throw refuse(`The "[" after "${token.text}" is not closed with "]"`);
    take();
    const sub = peek();
    if (sub?.kind === 'word' && sub.text.startsWith('.')) {
      if (!SUB_ATTRIBUTE.test(sub.text)) throw refuse(`"${sub.text}" is not an attribute name`);
      take();
      comparison(`${token.text}[…]${sub.text}`);
    }
  };

  /** Terms joined by `and` and `or`. */
  const either = (inValuePath: boolean) => {
    term(inValuePath);
    while (isWord(peek(), 'and', 'or')) {
      const joint = take().text;
      const next = peek();
      if (next === undefined || next.text === ')' || next.text === ']')
        throw refuse(`The filter has "${joint}" with nothing after it: a comparison must follow`);
      term(inValuePath);
    }
  };

  either(false);
  const rest = peek();
  if (rest === undefined) return;
  if (rest.text === ')' && rest.kind === 'punct') throw refuse('A ")" in the filter has no "(" before it');
  if (rest.text === ']' && rest.kind === 'punct') throw refuse('A "]" in the filter has no "[" before it');
  throw refuse(`The filter goes on after a whole comparison: join ${rest.text} with "and" or "or"`);
};
