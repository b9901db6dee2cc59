/**
 * The `email` and `uri` formats of a custom resource schema as kube-apiserver 1.32 checks them:
 * kube-openapi's strfmt registry (pkg/validation/strfmt/default.go at 32ad38e42d3f, the version
 * apiextensions-apiserver v0.32.9 requires) takes `email` as Go's `net/mail.ParseAddress`
 * succeeding with an address, and `uri` as govalidator.IsRequestURI, Go's
 * `url.ParseRequestURI` succeeding. Kubernetes 1.32 is built with Go 1.23 (kubectl v1.32.4
 * reports go1.23.8). Each row is what those Go functions answer, read from their source
 * (src/net/mail/message.go with domain literals and without the later `IPv6:` tag;
 * src/net/url/url.go parse, parseAuthority, parseHost, unescape, shouldEscape).
 */
import { describe, expect, it } from 'vitest';
import { validatesFormat } from '../../src/apiserver/cr-string-formats.js';

describe('email: net/mail.ParseAddress', () => {
  const rows: readonly (readonly [string, boolean])[] = [
    // addr-spec: a dot-atom or quoted local part, a dot-atom domain.
    ['jdoe@machine.example', true],
    ['john.q.public@example.com', true],
    ['"Joe Q. Public"@example.com', true],
    ['"@"@example.com', true],
    ['""@example.com', false], // an empty quoted local part
    ['.a@example.com', false], // leading dot in the local part
    ['a.@example.com', false],
    ['a..b@example.com', false],
    ['a@example..com', false],
    ['a@.example.com', false],
    ['a@example.com.', false],
    ['a@b', true], // one label is a domain
    ['a@', false],
    ['@example.com', false],
    ['a', false],
    ['', false],
    ['a b@example.com', false],
    ['a @example.com', false], // nothing may come between the local part and @
    ['a@ example.com', true], // spaces after @ are skipped
    ['  a@example.com\t ', true], // leading and trailing spaces and tabs
    ['\na@example.com', false], // a newline is not white space here
    ['a@example.com\n', false],
    ['a@example.com x', false],
    ['a@example.com (Joe)', true], // a trailing comment is the display name
    ['a@example.com (Joe', false],
    ['a@example.com <a@example.com>', false],
    ['a@exa_mple.com', true], // atext: any printable but the specials
    ["!#$%&'*+-/=?^_`{|}~@example.com", true],
    ['a(b@example.com', false],
    ['ä@exämple.com', true], // RFC 6532: multibyte characters are atext
    ['"a\\"b"@example.com', true],
    ['"a\nb"@example.com', false],
    // name-addr: a phrase, then <addr-spec>.
    ['John Doe <jdoe@machine.example>', true],
    ['"Joe Q. Public" <john.q.public@example.com>', true],
    ['Mary Smith <mary@x.test>', true],
    ['<a@example.com>', true],
    ['< a@example.com>', true],
    ['<a@example.com >', false], // no space before >
    ['<a@example.com', false],
    ['John <a@example.com> x', false],
    ['John. Doe <a@example.com>', true], // the phrase takes dots anywhere
    ['John (comment) Doe <a@example.com>', true], // comments between words
    ['Jöhn <a@example.com>', true],
    ['John Doe', false],
    ['=?utf-8?q?J=C3=B6rg?= <a@example.com>', true],
    ['=?windows-1252?q?J=F6rg?= <a@example.com>', false], // a charset Go cannot read, as the only word
    ['Joe =?windows-1252?q?J=F6rg?= <a@example.com>', true], // after a first word, such a word ends the phrase and is dropped
    // groups: exactly one address.
    ['Group: a@example.com;', true],
    ['Group: a@example.com, b@example.com;', false],
    ['Group:;', false],
    ['Group: a@example.com', false],
    // domain literals: an IP address (IPv6 without the `IPv6:` tag in Go 1.23).
    ['a@[192.168.0.1]', true],
    ['a@[::1]', true],
    ['a@[IPv6:::1]', false],
    ['a@[192.168.0.01]', false], // net.ParseIP refuses leading zeros
    ['a@[example.com]', false],
    ['a@[192.168.0.1', false],
    ['a@[]', false],
  ];
  it.each(rows)('%j is %s', (s, ok) => {
    expect(validatesFormat('email', s)).toBe(ok);
  });
});

describe('uri: url.ParseRequestURI', () => {
  const rows: readonly (readonly [string, boolean])[] = [
    ['http://www.google.com', true],
    ['http://www.google.com/', true],
    ['https://user:pass@host:8080/p?q=1#f', true], // the fragment is part of the path or query here
    ['*', true],
    ['/', true],
    ['/a/b', true],
    ['//host/path', true], // without a scheme, all of it is the path
    ['', false],
    ['a/b', false],
    ['mailto:someone@example.com', true], // opaque
    ['http:opaque%zz', true], // an opaque part is not unescaped
    [':no-scheme', false],
    ['1http://x/', false],
    ['http://x/\x7f', false],
    ['http://x/a b', true], // the path may hold a space
    ['http://x/%zz', false],
    ['http://x/?%zz', true], // the query is not looked at
    ['http://', true], // an empty host
    ['http:///a', true],
    ['http://host:/', true], // an empty port
    ['http://host:80x/', false],
    ['http://host:port/', false],
    ['http://a b/', false], // a space in the host
    ['http://a%20b/', false], // %-escapes in a host only for bytes from 0x80 ...
    ['http://a%C3%A4b/', true],
    ['http://a%25b/', true], // ... or %25
    ['http://a{b}/', false],
    ['http://a"b<c>/', true], // quotes and angle brackets are host characters to Go
    ['http://[::1]/', true],
    ['http://[::1]:8080/', true],
    ['http://[::1]x/', false],
    ['http://[::1/', false],
    ['http://[a b]/', false], // the bracketed part is host text too
    ['http://[fe80::1%25en0]/', true], // a zone after %25
    ['http://[fe80::1%25en%200]/', true], // an escaped space in a zone
    ['http://[fe80::1%25en%2F0]/', false], // an escaped / in a zone
    ['http://[fe80::1%en0]/', false],
    ['http://us er@host/', false],
    ['http://user%zz@host/', false],
    ['http://u@v@host/', true], // the last @ ends the user information
    ['http://ä@host/', false], // user information is ASCII
  ];
  it.each(rows)('%j is %s', (s, ok) => {
    expect(validatesFormat('uri', s)).toBe(ok);
  });
});
