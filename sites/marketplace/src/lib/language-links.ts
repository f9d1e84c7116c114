/**
 * A language link's address with the page's own query string and fragment: the payment status page needs its
 * `?paymentId=`, the catalogue its `?search=`, a section its `#contact`, whatever the language it is read in.
 */
export const withPageState = (href: string, { search, hash }: { search: string; hash: string }) =>
  `${href.replace(/[?#].*$/, '')}${search}${hash}`;

/** Keeps every language link of the page (`a[data-language]`) pointing at this page's state, now and on a click. */
export const keepPageStateInLanguageLinks = (root: ParentNode = document) => {
  const links = root.querySelectorAll<HTMLAnchorElement>('a[data-language]');
  const update = (link: HTMLAnchorElement) =>
    link.setAttribute('href', withPageState(link.getAttribute('href') ?? '', window.location));
  for (const link of links) {
    update(link);
    // The fragment can change after load (a section link): the address is brought up to date when followed.
    link.addEventListener('click', () => update(link));
  }
};
