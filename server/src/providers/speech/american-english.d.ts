/** The package's own surface (it ships no types): British spellings to American ones, by lower-case word. */
declare module 'american-english' {
  const spelling: {
    /** British spelling → American, as a plain object (so 'constructor' reads Object's own: use Object.hasOwn). */
    us_spelling: Record<string, string>;
  };
  export default spelling;
}
