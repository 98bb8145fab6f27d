/**
 * What the catalogue needs from a file system, as an interface: the disk implementation is
 * `lib/fs/skill_reader.ts`, one over a tree held as data is `tree_reader.ts`.
 *
 * @module
 */

/** One entry of a directory, with symbolic links followed. */
export interface DirEntry {
  /** The entry's name in the directory. */
  name: string;
  /** True for a directory (or a link to one). */
  isDirectory: boolean;
  /** True for a regular file (or a link to one). */
  isFile: boolean;
}

/** The start of a file, decoded. */
export interface FileHead {
  /** The bytes read, decoded as UTF-8 (a character the limit split left out). */
  text: string;
  /** The file is longer than what was read. */
  truncated: boolean;
  /** The file's size in bytes, when the reader knows it without asking again. */
  size?: number;
  /** The bytes were not valid UTF-8 (replacement characters stand for them). */
  invalidUtf8?: boolean;
}

/** A file that could not be read. */
export interface ReadError {
  /** Why, in one sentence. */
  error: string;
  /** True when it simply does not exist. */
  missing?: boolean;
}

/**
 * Reads directories and files for the catalogue: {@link diskSkillReader} for the disk,
 * {@link treeReader} for a tree held as data (tests and examples).
 */
export interface SkillReader {
  /** The entries of a directory; undefined when it does not exist. */
  list(dir: string): DirEntry[] | { error: string } | undefined;
  /** Up to `limit` bytes of a file, decoded. */
  read(file: string, limit: number): FileHead | ReadError;
  /** The size of a file in bytes; undefined when it cannot be told. */
  size(file: string): number | undefined;
  /** The real path of a directory (for loop detection). */
  realPath(path: string): string;
}
