#!/usr/bin/env bash
# A signed Trialab API call with curl and openssl (docs/api.md "Request signing").
#
#   TRIALAB_URL=https://trialab.example.org TRIALAB_TOKEN=<token> TRIALAB_SIGNING_KEY=<signingKey> \
#     signed-call.sh GET /api/kmct-user/sys/user/getCurrentUser
#   ... signed-call.sh GET /api/kmct-user/sys/user/listOutSimple 'username=%E4%B8%AD%E5%BF%83'
#   ... signed-call.sh POST /api/kmct-user/sys/user/page '' '{"page":1,"size":10}'
#
# token and signingKey come from the login answer (POST /api/kmct-user/sys/auth/login).
# The query (third argument) must already be canonical: pairs percent-encoded per RFC 3986,
# sorted by key, joined with '&'. It is sent exactly as signed.
set -euo pipefail
method=$1 path=$2 query=${3:-} body=${4:-}

timestamp=$(( $(date +%s) * 1000 ))
nonce=$(openssl rand -hex 16)
case $method in
  POST | PUT)
    # MD5 of the exact bytes sent (printf '%s' adds no newline).
    content_md5=$(printf '%s' "$body" | openssl dgst -md5 -binary | openssl base64 -A)
    canonical_query=''
    ;;
  *)
    content_md5=''
    canonical_query=$query
    ;;
esac
key_hex=$(printf '%s' "$TRIALAB_SIGNING_KEY" | openssl base64 -d -A | od -An -v -tx1 | tr -d ' \n')
# Six lines, no trailing newline (piped, not captured: $(...) would drop an empty last line).
signature=$(printf '%s\n%s\n%s\n%s\n%s\n%s' \
  "$method" "$path" "$canonical_query" "$timestamp" "$nonce" "$content_md5" \
  | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$key_hex" -binary | openssl base64 -A)

headers=(
  -H "Authorization: Bearer $TRIALAB_TOKEN"
  -H "lang: en_US"
  -H "timestamp: $timestamp"
  -H "nonce: $nonce"
  -H "Signature: $signature"
)
url="$TRIALAB_URL$path${query:+?$query}"
if [ -n "$content_md5" ]; then
  curl -sS -X "$method" "${headers[@]}" -H "Content-MD5: $content_md5" \
    -H 'Content-Type: application/json' --data-binary "$body" "$url"
else
  curl -sS -X "$method" "${headers[@]}" "$url"
fi
