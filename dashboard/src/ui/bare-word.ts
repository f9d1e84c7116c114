/** A word without the punctuation around it, as a sentence quotes it ("Tom." → "Tom"); the word itself if all else. */
export const bareWord = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word;
