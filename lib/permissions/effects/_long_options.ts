/**
 * The long options of the programs whose options the readers of trees and writes split
 * (`tree_reads.ts`, `write_targets.ts`), from each program's `--help` (`curl --help all`;
 * versions below): getopt, and curl's own parser, take any unique prefix of a long option
 * (`grep --deref` is `--dereference-recursive`, `tar --cre` is `--create`, `wget --output-doc` is
 * `--output-document`), so a prefix is read as the option it abbreviates. Pure data.
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
  // GNU Wget 1.21.3 built on linux-gnu.
  wget: `--accept --accept-regex --adjust-extension --append-output --ask-password
    --auth-no-challenge --background --backup-converted --backups --base --bind-address
    --body-data --body-file --ca-certificate --ca-directory --certificate --certificate-type
    --ciphers --compression --config --connect-timeout --content-disposition
    --content-on-error --continue --convert-file-only --convert-links --crl-file --cut-dirs
    --debug --default-page --delete-after --directory-prefix --dns-timeout --domains
    --exclude-directories --exclude-domains --execute --follow-ftp --follow-tags
    --force-directories --force-html --ftp-password --ftp-user --ftps-clear-data-connection
    --ftps-fallback-to-ftp --ftps-implicit --ftps-resume-ssl --header --hsts-file
    --http-password --http-user --https-only --ignore-case --ignore-length --ignore-tags
    --include-directories --inet4-only --inet6-only --input-file --keep-session-cookies
    --level --limit-rate --load-cookies --local-encoding --max-redirect --method --mirror
    --no-cache --no-check-certificate --no-clobber --no-config --no-cookies --no-directories
    --no-dns-cache --no-glob --no-host-directories --no-hsts --no-http-keep-alive
    --no-if-modified-since --no-iri --no-netrc --no-parent --no-passive-ftp --no-proxy
    --no-remove-listing --no-use-server-timestamps --no-verbose --no-warc-compression
    --no-warc-digests --no-warc-keep-log --output-document --output-file --page-requisites
    --password --pinnedpubkey --post-data --post-file --prefer-family --preserve-permissions
    --private-key --private-key-type --progress --protocol-directories --proxy-password
    --proxy-user --quiet --quota --random-wait --read-timeout --recursive --referer
    --regex-type --reject --reject-regex --rejected-log --relative --remote-encoding
    --report-speed --restrict-file-names --retr-symlinks --retry-connrefused
    --retry-on-http-error --save-cookies --save-headers --secure-protocol --server-response
    --show-progress --span-hosts --spider --start-pos --strict-comments --timeout
    --timestamping --tries --trust-server-names --unlink --use-askpass --user --user-agent
    --verbose --wait --waitretry --warc-cdx --warc-dedup --warc-file --warc-header
    --warc-max-size --warc-tempdir --xattr`,
  // curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brot
  curl: `--abstract-unix-socket --alt-svc --anyauth --append --aws-sigv4 --basic --cacert --capath
    --cert --cert-status --cert-type --ciphers --compressed --compressed-ssh --config
    --connect-timeout --connect-to --continue-at --cookie --cookie-jar --create-dirs
    --create-file-mode --crlf --crlfile --curves --data --data-ascii --data-binary --data-raw
    --data-urlencode --delegation --digest --disable --disable-eprt --disable-epsv
    --disallow-username-in-url --dns-interface --dns-ipv4-addr --dns-ipv6-addr --dns-servers
    --doh-cert-status --doh-insecure --doh-url --dump-header --egd-file --engine
    --etag-compare --etag-save --expect100-timeout --fail --fail-early --fail-with-body
    --false-start --form --form-escape --form-string --ftp-account --ftp-alternative-to-user
    --ftp-create-dirs --ftp-method --ftp-pasv --ftp-port --ftp-pret --ftp-skip-pasv-ip
    --ftp-ssl-ccc --ftp-ssl-ccc-mode --ftp-ssl-control --get --globoff
    --happy-eyeballs-timeout-ms --haproxy-protocol --head --header --hostpubmd5
    --hostpubsha256 --hsts --http0 --http1 --http2 --http2-prior-knowledge --http3
    --http3-only --ignore-content-length --include --insecure --interface --ipv4 --ipv6 --json
    --junk-session-cookies --keepalive-time --key --key-type --krb --libcurl --limit-rate
    --list-only --local-port --location --location-trusted --login-options --mail-auth
    --mail-from --mail-rcpt --mail-rcpt-allowfails --manual --max-filesize --max-redirs
    --max-time --metalink --negotiate --netrc --netrc-file --netrc-optional --next --no-alpn
    --no-buffer --no-clobber --no-keepalive --no-npn --no-progress-meter --no-sessionid
    --noproxy --ntlm --ntlm-wb --oauth2-bearer --output --output-dir --parallel
    --parallel-immediate --parallel-max --pass --path-as-is --pinnedpubkey --post301 --post302
    --post303 --preproxy --progress-bar --proto --proto-default --proto-redir --proxy
    --proxy-anyauth --proxy-basic --proxy-cacert --proxy-capath --proxy-cert --proxy-cert-type
    --proxy-ciphers --proxy-crlfile --proxy-digest --proxy-header --proxy-insecure --proxy-key
    --proxy-key-type --proxy-negotiate --proxy-ntlm --proxy-pass --proxy-pinnedpubkey
    --proxy-service-name --proxy-ssl-allow-beast --proxy-ssl-auto-client-cert
    --proxy-tls13-ciphers --proxy-tlsauthtype --proxy-tlspassword --proxy-tlsuser
    --proxy-tlsv1 --proxy-user --proxy1 --proxytunnel --pubkey --quote --random-file --range
    --rate --raw --referer --remote-header-name --remote-name --remote-name-all --remote-time
    --remove-on-error --request --request-target --resolve --retry --retry-all-errors
    --retry-connrefused --retry-delay --retry-max-time --sasl-authzid --sasl-ir --service-name
    --show-error --silent --socks4 --socks4a --socks5 --socks5-basic --socks5-gssapi
    --socks5-gssapi-nec --socks5-gssapi-service --socks5-hostname --speed-limit --speed-time
    --ssl --ssl-allow-beast --ssl-auto-client-cert --ssl-no-revoke --ssl-reqd
    --ssl-revoke-best-effort --sslv2 --sslv3 --stderr --styled-output
    --suppress-connect-headers --tcp-fastopen --tcp-nodelay --telnet-option --tftp-blksize
    --tftp-no-options --time-cond --tls-max --tls13-ciphers --tlsauthtype --tlspassword
    --tlsuser --tlsv1 --tr-encoding --trace --trace-ascii --trace-time --unix-socket
    --upload-file --url --url-query --use-ascii --user --user-agent --verbose --write-out
    --xattr`,
  // sed (GNU sed) 4.9
  sed: `--debug --expression --file --follow-symlinks --in-place --line-length --null-data --posix
    --quiet --regexp-extended --sandbox --separate --silent --unbuffered`,
  // sort (GNU coreutils) 9.1
  sort: `--batch-size --buffer-size --check --compress-program --debug --dictionary-order
    --field-separator --files0-from --general-numeric-sort --human-numeric-sort --ignore-case
    --ignore-leading-blanks --ignore-nonprinting --key --merge --month-sort --numeric-sort
    --output --parallel --random-sort --random-source --reverse --sort --stable
    --temporary-directory --unique --version-sort --zero-terminated`,
  // mv (GNU coreutils) 9.1
  mv: `--backup --context --force --interactive --no-clobber --no-target-directory
    --strip-trailing-slashes --suffix --target-directory --update --verbose`,
  // ln (GNU coreutils) 9.1
  ln: `--backup --directory --force --interactive --logical --no-dereference
    --no-target-directory --physical --relative --suffix --symbolic --target-directory
    --verbose`,
  // tee (GNU coreutils) 9.1
  tee: `--append --ignore-interrupts --output-error`,
  // touch (GNU coreutils) 9.1
  touch: `--date --no-create --no-dereference --reference --time`,
  // install (GNU coreutils) 9.1
  install: `--backup --compare --context --directory --group --mode --no-target-directory --owner
    --preserve-context --preserve-timestamps --strip --strip-program --suffix
    --target-directory --verbose`,
  // mkdir (GNU coreutils) 9.1
  mkdir: `--context --mode --parents --verbose`,
  // rm (GNU coreutils) 9.1
  rm: `--dir --force --interactive --no-preserve-root --one-file-system --preserve-root
    --recursive --verbose`,
  // truncate (GNU coreutils) 9.1
  truncate: `--io-blocks --no-create --reference --size`,
  // split (GNU coreutils) 9.1
  split: `--additional-suffix --bytes --elide-empty-files --filter --hex-suffixes --line-bytes
    --lines --number --numeric-suffixes --separator --suffix-length --unbuffered --verbose`,
  // chmod (GNU coreutils) 9.1
  chmod: `--changes --no-preserve-root --preserve-root --quiet --recursive --reference --silent
    --verbose`,
  // chown (GNU coreutils) 9.1
  chown: `--changes --dereference --from --no-dereference --no-preserve-root --preserve-root --quiet
    --recursive --reference --silent --verbose`,
};
