/**
 * The long options of the GNU programs whose options the readers of trees and writes split
 * (`tree_reads.ts`, `write_targets.ts`), from each program's `--help` (versions below): getopt
 * takes any unique prefix of a long option (`grep --deref` is `--dereference-recursive`,
 * `tar --cre` is `--create`), so a prefix is read as the option it abbreviates. Pure data.
 *
 * @module
 */

/** Each program's long options, a blank between two. */
// deno-fmt-ignore
export const LONG_OPTIONS: Readonly<Record<string, string>> = {
  // grep (GNU grep) 3.8
  grep: `--after-context --basic-regexp --before-context --binary --binary-files --byte-offset
    --color --colour --context --count --dereference-recursive --devices --directories
    --exclude --exclude-dir --exclude-from --extended-regexp --file --files-with-matches
    --files-without-match --fixed-strings --group-separator --ignore-case --include
    --initial-tab --invert-match --label --line-buffered --line-number --line-regexp
    --max-count --no-filename --no-group-separator --no-ignore-case --no-messages --null
    --null-data --only-matching --perl-regexp --quiet --recursive --regexp --silent --text
    --with-filename --word-regexp`,
  // tar (GNU tar) 1.34
  tar: `--absolute-names --acls --add-file --after-date --anchored --append --atime-preserve
    --auto-compress --backup --block-number --blocking-factor --bzip2 --catenate
    --check-device --check-links --checkpoint --checkpoint-action --clamp-mtime --compare
    --compress --concatenate --confirmation --create --delay-directory-restore --delete
    --dereference --diff --directory --exclude --exclude-backups --exclude-caches
    --exclude-caches-all --exclude-caches-under --exclude-from --exclude-ignore
    --exclude-ignore-recursive --exclude-tag --exclude-tag-all --exclude-tag-under
    --exclude-vcs --exclude-vcs-ignores --extract --file --files-from --force-local --format
    --full-time --get --group --group-map --gunzip --gzip --hard-dereference --hole-detection
    --ignore-case --ignore-command-error --ignore-failed-read --ignore-zeros --incremental
    --index-file --info-script --interactive --keep-directory-symlink --keep-newer-files
    --keep-old-files --label --level --list --listed-incremental --lzip --lzma --lzop --mode
    --mtime --multi-volume --new-volume-script --newer --newer-mtime --no-acls --no-anchored
    --no-auto-compress --no-check-device --no-delay-directory-restore --no-ignore-case
    --no-ignore-command-error --no-null --no-overwrite-dir --no-quote-chars --no-recursion
    --no-same-owner --no-same-permissions --no-seek --no-selinux --no-unquote
    --no-verbatim-files-from --no-wildcards --no-wildcards-match-slash --no-xattrs --null
    --numeric-owner --occurrence --old-archive --one-file-system --one-top-level --overwrite
    --overwrite-dir --owner --owner-map --pax-option --portability --posix --preserve-order
    --preserve-permissions --quote-chars --quoting-style --read-full-records --record-size
    --recursion --recursive-unlink --remove-files --restrict --rmt-command --rsh-command
    --same-order --same-owner --same-permissions --seek --selinux --show-defaults
    --show-omitted-dirs --show-snapshot-field-ranges --show-stored-names
    --show-transformed-names --skip-old-files --sort --sparse --sparse-version --starting-file
    --strip-components --suffix --tape-length --test-label --to-command --to-stdout --totals
    --touch --transform --uncompress --ungzip --unlink-first --unquote --update --usage
    --use-compress-program --utc --verbatim-files-from --verbose --verify --volno-file
    --warning --wildcards --wildcards-match-slash --xattrs --xattrs-exclude --xattrs-include
    --xform --xz --zstd`,
  // cp (GNU coreutils) 9.1
  cp: `--archive --attributes-only --backup --context --copy-contents --dereference --force
    --interactive --link --no-clobber --no-dereference --no-preserve --no-target-directory
    --one-file-system --parents --preserve --recursive --reflink --remove-destination --sparse
    --strip-trailing-slashes --suffix --symbolic-link --target-directory --update --verbose`,
  // diff (GNU diffutils) 3.8
  diff: `--brief --color --context --ed --exclude --exclude-from --expand-tabs --from-file
    --horizon-lines --ifdef --ignore-all-space --ignore-blank-lines --ignore-case
    --ignore-file-name-case --ignore-matching-lines --ignore-space-change
    --ignore-tab-expansion --ignore-trailing-space --initial-tab --label --left-column
    --line-format --minimal --new-file --no-dereference --no-ignore-file-name-case --normal
    --paginate --palette --rcs --recursive --report-identical-files --show-c-function
    --show-function-line --side-by-side --speed-large-files --starting-file
    --strip-trailing-cr --suppress-blank-empty --suppress-common-lines --tabsize --text
    --to-file --unidirectional-new-file --unified --width`,
};
