#!/usr/bin/env python3
"""A stand-in for the GO-JEK contacts backend (anagri/contacts-server: Rails 4.2.4, jbuilder 2.4.1,
paperclip 4.3.6), Python 3.8+ standard library only. It re-implements the JSON REST contract in
shared/contacts-server-api.md: routes, body shapes and parameter wrapping, casting, validations and
their messages, list order, representations, status codes and error bodies. State lives in memory.

Command line:
  contacts_server.py [--host 127.0.0.1] [--port 0] [--seed FILE] [--forever] [--verbose]
Once listening it prints one line, `PORT <n>`, to stdout. Without --forever it exits when its stdin
reaches EOF or its parent process changes (the test process died); it always exits on SIGTERM/SIGINT.
--seed FILE: a JSON array of {first_name, last_name, email, phone_number, favorite, created_at?,
updated_at?, photo?, profile_pic?} loaded in order as ids 1..n without validation (so legacy-invalid
records can exist); `photo` is a picture file (relative to FILE's folder or its photos/ folder),
`profile_pic` a data: URI.

Test controls (not part of the real API; requests to them are not recorded and never faulted):
  POST /__control/fail {"status":500,"count":1,"method":"PUT","path":"/contacts/1.json"}
       the next `count` matching requests (method and path optional; count < 0: all) answer `status`
       with {"status":"<code>","error":"<reason>"} and change nothing; status 0 resets the connection.
  POST /__control/hang {"seconds":30,"count":1,"method":"POST","path":...}
       the next matching requests wait that long, then are answered normally.
  POST /__control/fail {"status":503,"headers":{"Retry-After":"3600"}}  … with these headers too.
  POST /__control/swap {"count":1,"method":"POST","path":...}
       the next matching requests are carried out normally and answered with the detail of the
       contact of the lowest id instead (a 201 that names another contact).
  POST /__control/blank {"count":1,"method":"POST","path":...}
       the next matching requests are carried out normally and answered with their status and an
       empty body (a 201 without the created contact).
  GET  /__control/requests   every recorded request: [{"method","path","headers","body_base64"}]
  POST /__control/reset      forget contacts (ids restart at 1), recorded requests and faults.
  POST /__control/seed [...] add contacts as --seed does; answers 201 with their detail objects.

Out of scope: the HTML format (a routed request whose format is not JSON gets 406 with an empty body
and changes nothing), XML error bodies, apipie docs, S3 (pictures are served from this process at
/system/contacts/profile_pics/...), and Paperclip's spoof check for extensions missing from the small
table below (the real one flags unknown extensions too).
"""
import argparse, base64, datetime, hashlib, json, os, posixpath, re, signal, socket, struct
import sys, threading, time, unicodedata, urllib.parse, urllib.request, uuid, zlib
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# ----------------------------------------------------------------------------------------------
# The model: columns, casting, validations (app/models/contact.rb, ActiveRecord 4.2 types)
# ----------------------------------------------------------------------------------------------
COLUMNS = ("id", "first_name", "last_name", "email", "phone_number", "favorite", "created_at",
           "updated_at", "profile_pic_file_name", "profile_pic_content_type",
           "profile_pic_file_size", "profile_pic_updated_at")          # what ParamsWrapper copies
PERMITTED = ("first_name", "last_name", "email", "phone_number", "profile_pic", "favorite")
STRINGS = ("first_name", "last_name", "email", "phone_number")
TRUE_STRINGS = {"1", "t", "T", "true", "TRUE", "on", "ON"}
PIC_TYPES = ("image/jpg", "image/jpeg", "image/png", "image/gif")
MISSING = "/images/missing.png"
RESTRICTED = re.compile(r"[&$+,/:;=?@<>\[\]{}|\\^~%# ]")            # Paperclip's FilenameCleaner
# [[:space:]] in Ruby = Unicode White_Space; Ruby's \s and \d are ASCII-only, \Z allows one "\n".
SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009" \
        "\u200a\u2028\u2029\u202f\u205f\u3000"
EMAIL = re.compile(r"\A([^@ \t\n\v\f\r]+)@((?:[-a-z0-9]+\.)+[a-z]{2,})\n?\Z", re.I)
PHONE = re.compile(r"[0-9]{10}")
DATA_URI = re.compile(r"\Adata:([-\w]+/[-\w+.]+)?;base64,(.*)", re.S | re.A)
HTTP_URL = re.compile(r"\Ahttps?://")
# Media types MIME::Types gives common extensions (the spoof check compares media types only).
EXT_MEDIA = {"image": "png jpg jpeg jpe gif bmp webp tif tiff ico svg heic heif",
             "text": "txt text csv htm html css md", "application": "json pdf zip js gz doc docx",
             "video": "mp4 mov avi webm", "audio": "mp3 wav m4a"}
EXT_MEDIA = {e: {m} for m, exts in EXT_MEDIA.items() for e in exts.split()}
EXT_MEDIA["xml"] = {"application", "text"}


class Upload:
    """A multipart file part (ActionDispatch::Http::UploadedFile)."""
    def __init__(self, filename, content_type, data):
        self.filename, self.content_type, self.data = filename, content_type, data


class HttpError(Exception):
    def __init__(self, status):
        super().__init__(status)
        self.status = status


def blank(v):
    """ActiveSupport's blank?: nil, false, empty or [[:space:]]-only strings, empty hashes/arrays."""
    if v is None or v is False:
        return True
    if isinstance(v, str):
        return all(c in SPACE for c in v)
    return isinstance(v, (dict, list)) and not v


def ruby_float(f):
    """Float#to_s: 1e16 -> "1.0e+16", 2.0 -> "2.0"."""
    if f != f or f in (float("inf"), float("-inf")):
        return "NaN" if f != f else ("Infinity" if f > 0 else "-Infinity")
    r = repr(f)
    if "e" in r:
        mantissa, exp = r.split("e")
        mantissa += "" if "." in mantissa else ".0"
        return "%se%s%02d" % (mantissa, "-" if exp.startswith("-") else "+", abs(int(exp)))
    return r


def cast_string(v):
    """Type::String: true -> "t", false -> "f", anything else -> to_s."""
    if v is None or isinstance(v, str):
        return v
    if isinstance(v, bool):
        return "t" if v else "f"
    if isinstance(v, float):
        return ruby_float(v)
    if isinstance(v, Upload):
        return "#<ActionDispatch::Http::UploadedFile:0x%014x>" % (id(v) & 0xFFFFFFFFFFFF)
    return str(v)


def cast_boolean(v):
    """Type::Boolean: "" and nil -> NULL; 1, "1", "t", "true", "on"... -> true; anything else false."""
    if v is None or (isinstance(v, str) and v == ""):
        return None
    return v is True or (type(v) is int and v == 1) or (isinstance(v, str) and v in TRUE_STRINGS)


def ruby_to_i(s):
    """String#to_i: leading blanks, a sign, digits with single underscores; "12abc" -> 12, "x" -> 0."""
    m = re.match(r"[ \t\n\v\f\r]*([+-]?)([0-9]+(?:_[0-9]+)*)", s)
    if not m:
        return 0
    digits = m.group(2).replace("_", "").lstrip("0") or "0"
    if len(digits) > 19:
        return 1 << 64                                            # out of range either way
    return -int(digits) if m.group(1) == "-" else int(digits)


def ruby_b64decode(s):
    """Base64.decode64 is lenient: it skips foreign characters and stops at padding."""
    s = re.sub(r"[^A-Za-z0-9+/]", "", s.split("=", 1)[0])
    s = s[:len(s) - 1] if len(s) % 4 == 1 else s
    return base64.b64decode(s + "=" * (-len(s) % 4))


def sniff(data):
    """The content type of bytes, as mimemagic / `file --mime` would name it."""
    magic = [(b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"),
             (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"), (b"BM", "image/bmp"),
             (b"II*\x00", "image/tiff"), (b"MM\x00*", "image/tiff"), (b"%PDF-", "application/pdf"),
             (b"PK\x03\x04", "application/zip"), (b"\x1f\x8b", "application/gzip")]
    for prefix, kind in magic:
        if data.startswith(prefix):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if not data:
        return "inode/x-empty"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "application/octet-stream"
    if any(ord(c) < 32 and c not in "\t\n\r\f\b\x1b" for c in text):
        return "application/octet-stream"
    head = text.lstrip()[:512].lower()
    return "image/svg+xml" if "<svg" in head else "text/html" if head.startswith(("<!doctype html", "<html")) \
        else "text/plain"


def spoofed(pic):
    """Paperclip's MediaTypeSpoofDetector: the extension's media types must include both the
    supplied type's and the sniffed type's media type (only for extensions in EXT_MEDIA)."""
    ext = os.path.splitext(pic["file_name"])[1].lower().lstrip(".")
    if ext not in EXT_MEDIA:
        return False
    supplied = pic["content_type"].split("/")[0]
    return bool(supplied and supplied not in EXT_MEDIA[ext]) or sniff(pic["data"]).split("/")[0] not in EXT_MEDIA[ext]


def validate(rec, picture_is_new):
    """Error messages in the model's declaration order (spoof, content type, names, email, phone)."""
    errors = {}
    add = lambda attr, msg: errors.setdefault(attr, []).append(msg)
    pic = rec["pic"]
    if pic and picture_is_new and spoofed(pic):
        add("profile_pic", "has contents that are not what they are reported to be")
    if pic and pic["content_type"] not in PIC_TYPES:
        add("profile_pic_content_type", "is invalid")
        add("profile_pic", "is invalid")
    for attr in ("first_name", "last_name"):
        if blank(rec[attr]):
            add(attr, "can't be blank")
        elif len(rec[attr]) < 2:
            add(attr, "is too short (minimum is 2 characters)")
    if not blank(rec["email"]) and not EMAIL.search(rec["email"]):
        add("email", "is invalid")
    if not blank(rec["phone_number"]) and not PHONE.search(rec["phone_number"]):
        add("phone_number", "is invalid")
    return ["%s %s" % (attr.replace("_", " ").capitalize(), msg) for attr, msgs in errors.items() for msg in msgs]


def new_picture(filename, content_type, data):
    return {"file_name": RESTRICTED.sub("_", filename), "content_type": content_type, "data": data}


def resolve_picture(value):
    """Paperclip's io adapters: None = remove, "" = keep, file part, data: URI or http(s) URL (downloaded),
    anything else raises NoHandlerError (500). Runs outside the store lock (downloads may be slow)."""
    if isinstance(value, Upload):
        if value.filename is None:
            raise HttpError(500)
        return new_picture(value.filename, (value.content_type or "").strip(), value.data)
    if value is None:
        return "remove"
    if isinstance(value, str) and value == "":
        return "keep"
    if isinstance(value, str) and DATA_URI.match(value):
        data = ruby_b64decode(DATA_URI.match(value).group(2))
        return new_picture("data", sniff(data), data)
    if isinstance(value, str) and HTTP_URL.match(value):
        try:
            request = urllib.request.Request(value, headers={"User-Agent": "Ruby"})
            with urllib.request.urlopen(request, timeout=10) as response:
                data = response.read()
                kind = response.headers.get_content_type() if response.headers.get("Content-Type") \
                    else "application/octet-stream"
        except Exception:
            raise HttpError(500)
        segments = [s for s in urllib.parse.urlsplit(value).path.split("/")]
        while segments and segments[-1] == "":
            segments.pop()
        return new_picture((segments[-1] if segments else "index.html").strip(), kind, data)
    raise HttpError(500)


# ----------------------------------------------------------------------------------------------
# The store: contacts, recorded requests and injected faults, behind one lock
# ----------------------------------------------------------------------------------------------
def now():
    return datetime.datetime.now(datetime.timezone.utc)


def iso(t):
    """ActiveSupport JSON time: UTC, 3 fractional digits (truncated), Z."""
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (t.microsecond // 1000)


def parse_time(s):
    t = datetime.datetime.fromisoformat(s.strip().replace("Z", "+00:00"))
    return (t if t.tzinfo else t.replace(tzinfo=datetime.timezone.utc)).astimezone(datetime.timezone.utc)


class Store:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.contacts, self.next_id, self.requests, self.faults = {}, 1, [], []

    def seed(self, items, folder=None):
        """Adds records without validation, as a database import would. Call with the lock held."""
        added = []
        for item in items:
            if not isinstance(item, dict):
                raise ValueError("each seed entry must be an object")
            created = parse_time(item["created_at"]) if item.get("created_at") else now()
            updated = parse_time(item["updated_at"]) if item.get("updated_at") else created
            favorite = cast_boolean(item["favorite"]) if "favorite" in item else False   # the column default
            rec = dict({k: cast_string(item.get(k)) for k in STRINGS}, id=self.next_id, favorite=favorite,
                       created_at=created, updated_at=updated, pic=None)
            if item.get("photo"):
                candidates = [os.path.join(folder or ".", item["photo"]), os.path.join(folder or ".", "photos", item["photo"])]
                path = next((p for p in candidates if os.path.isfile(p)), None)
                if path is None:
                    raise ValueError("photo not found: %s" % item["photo"])
                with open(path, "rb") as f:
                    data = f.read()
                rec["pic"] = new_picture(os.path.basename(path), sniff(data), data)
            elif isinstance(item.get("profile_pic"), str) and DATA_URI.match(item["profile_pic"]):
                rec["pic"] = resolve_picture(item["profile_pic"])
            if rec["pic"]:
                rec["pic"]["updated_at"] = int(created.timestamp())
            self.contacts[self.next_id] = rec
            self.next_id += 1
            added.append(rec)
        return added

    def take_fault(self, kind, method, path):
        """The first armed fault of `kind` matching the request, counted down. Lock held."""
        for fault in self.faults:
            if fault["kind"] == kind and fault.get("method") in (None, method) and fault.get("path") in (None, path):
                fault["count"] -= 1
                if fault["count"] == 0:
                    self.faults.remove(fault)
                return fault
        return None


STORE = Store()


# ----------------------------------------------------------------------------------------------
# Representations (show.json.jbuilder, index.json.jbuilder, Paperclip URLs)
# ----------------------------------------------------------------------------------------------
def id_partition(n):
    s = "%09d" % n
    return "/".join(s[i:i + 3] for i in range(0, len(s) - len(s) % 3, 3))


def picture_path(rec):
    return "/system/contacts/profile_pics/%s/original/%s" % (id_partition(rec["id"]), rec["pic"]["file_name"])


def picture_url(rec, base):
    """Paperclip escapes the URL (URI.escape plus ?()[]+) before appending ?<epoch>; none: relative."""
    if not rec["pic"]:
        return MISSING
    return base + urllib.parse.quote(picture_path(rec), safe="/!*';:@&=$,") + "?%d" % rec["pic"]["updated_at"]


def detail(rec, base):
    return {"id": rec["id"], "first_name": rec["first_name"], "last_name": rec["last_name"],
            "email": rec["email"], "phone_number": rec["phone_number"], "profile_pic": picture_url(rec, base),
            "favorite": bool(rec["favorite"]), "created_at": iso(rec["created_at"]), "updated_at": iso(rec["updated_at"])}


def summary(rec, base):
    return {"id": rec["id"], "first_name": rec["first_name"], "last_name": rec["last_name"],
            "profile_pic": picture_url(rec, base), "favorite": bool(rec["favorite"]),
            "url": "%s/contacts/%d.json" % (base, rec["id"])}


BASE_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H",
                              "ı": "i", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th", "Þ": "TH"})


def collation_key(s):
    """Postgres en_US.UTF-8 in spirit: letters first by base letter ignoring case and accents
    ("Émilie" among the E's), then case-insensitively with accents. NULL sorts last (ASC)."""
    if s is None:
        return (1, "", "")
    base = "".join(c for c in unicodedata.normalize("NFKD", s.translate(BASE_LETTERS)) if not unicodedata.combining(c))
    return (0, base.casefold(), s.casefold())


def list_order(rec):
    """ORDER BY favorite DESC (NULL first, as on Postgres), first_name, last_name; then id."""
    return (0 if rec["favorite"] is None else 1 if rec["favorite"] else 2,
            collation_key(rec["first_name"]), collation_key(rec["last_name"]), rec["id"])


def to_json(value):
    """ActiveSupport's encoder: compact, UTF-8, with <, >, &, U+2028, U+2029 escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for c in "<>&\u2028\u2029":
        text = text.replace(c, "\\u%04x" % ord(c))
    return text.encode("utf-8", "replace")


def missing_png(w=116, h=127):
    """The default picture: a gray head-and-shoulders silhouette, 8-bit grayscale PNG."""
    rows = bytearray()
    for y in range(h):
        rows.append(0)
        for x in range(w):
            head = (x - 58) ** 2 + (y - 44) ** 2 <= 26 ** 2
            body = y >= 76 and ((x - 58) / 54.0) ** 2 + ((y - 134) / 56.0) ** 2 <= 1
            rows.append(0x8c if head or body else 0xe4)
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


MISSING_PNG = missing_png()

# ----------------------------------------------------------------------------------------------
# Request parsing: Rack form/multipart parameters, Rails JSON parameters, Accept negotiation
# ----------------------------------------------------------------------------------------------
JSON_TYPES = ("application/json", "text/x-json", "application/jsonrequest")
JSON_CONTENT_TYPE = "application/json; charset=utf-8"


class BadParams(Exception):
    """Rack's InvalidParameterError / ParameterTypeError: Rails answers 400."""


def normalize_params(params, name, v):
    """Rack::Utils.normalize_params: "contact[first_name]" -> {"contact": {"first_name": v}}."""
    m = re.match(r"\A[\[\]]*([^\[\]]+)\]*", name)
    if not m:
        return params
    k, after = m.group(1), name[m.end():]
    if after == "":
        params[k] = v
    elif after == "[":
        params[name] = v
    elif after == "[]" or re.match(r"\A\[\]\[([^\[\]]+)\]\Z", after) or re.match(r"\A\[\](.+)\Z", after):
        if params.get(k) is None:
            params[k] = []
        if not isinstance(params[k], list):
            raise BadParams()
        if after == "[]":
            params[k].append(v)
        else:
            child = (re.match(r"\A\[\]\[([^\[\]]+)\]\Z", after) or re.match(r"\A\[\](.+)\Z", after)).group(1)
            last = params[k][-1] if params[k] else None
            if isinstance(last, dict) and child not in last:
                normalize_params(last, child, v)
            else:
                params[k].append(normalize_params({}, child, v))
    else:
        if params.get(k) is None:
            params[k] = {}
        if not isinstance(params[k], dict):
            raise BadParams()
        normalize_params(params[k], after, v)
    return params


def unescape(s):
    """URI.decode_www_form_component: '+' is a space; a bad %-escape is an error."""
    if re.search(r"%(?![0-9A-Fa-f]{2})", s):
        raise BadParams()
    return urllib.parse.unquote_plus(s, errors="surrogateescape")


def parse_query(qs, separators):
    params = {}
    for pair in re.split("[%s] *" % separators, qs):
        key, eq, value = pair.partition("=")
        normalize_params(params, unescape(key), unescape(value) if eq else None)
    return params


TOKEN = r'[^\s()<>,;:\\"/\[\]?=]+'
CONDISP = r"Content-Disposition:\s*" + TOKEN + r"\s*"
DISPPARM = r';\s*(' + TOKEN + r')=("(?:\\"|[^"])*"|' + TOKEN + ")"
RFC2183 = re.compile(r"^" + CONDISP + "(" + DISPPARM + r")+$", re.I | re.M)
BROKEN_QUOTED = re.compile(r"^" + CONDISP + r'.*;\sfilename="(.*?)"(?:\s*$|\s*;\s*' + TOKEN + "=)", re.I | re.M)
BROKEN_UNQUOTED = re.compile(r"^" + CONDISP + r".*;\sfilename=(" + TOKEN + ")", re.I | re.M)


def part_filename(head):
    """Rack 1.6 Multipart::Parser#get_filename, including its %-unescaping (no filename: None)."""
    filename = None
    if RFC2183.search(head):
        filename = dict(re.findall(DISPPARM, head)).get("filename")
        if filename and re.match(r'\A"(.*)"\Z', filename, re.S):
            filename = filename[1:-1]
    else:
        m = BROKEN_QUOTED.search(head) or BROKEN_UNQUOTED.search(head)
        filename = m.group(1) if m else None
    if filename is None:
        return None
    if all(re.match(r"%[0-9a-fA-F]{2}", s) for s in re.findall(r"%.?.?", filename)):
        filename = urllib.parse.unquote_plus(filename, errors="surrogateescape")
    if not re.search(r'\\[^\\"]', filename):
        filename = re.sub(r"\\(.)", r"\1", filename)
    return filename


def parse_multipart(body, content_type):
    """Rack's multipart parser, reduced: text parts are strings, parts with a filename are Uploads,
    parts with an empty filename (no file chosen) are skipped. Malformed bodies give {}."""
    m = re.match(r'multipart/.*boundary="?([^";,]+)"?', content_type, re.I | re.S)
    if not m:
        return {}
    delimiter = b"--" + m.group(1).encode("latin-1", "replace")
    pos = body.find(delimiter)
    if pos < 0:
        return {}
    params, pos = {}, pos + len(delimiter)
    while not body.startswith(b"--", pos):
        line_end = body.find(b"\r\n", pos)
        if line_end < 0:
            return params
        pos = line_end + 2
        head_end = pos if body.startswith(b"\r\n", pos) else body.find(b"\r\n\r\n", pos) + 2
        if head_end < 2:
            return params
        head = body[pos:head_end].decode("utf-8", "surrogateescape")
        data_end = body.find(b"\r\n" + delimiter, head_end + 2)
        if data_end < 0:
            return params
        data, pos = body[head_end + 2:data_end], data_end + 2 + len(delimiter)
        name = re.search(r'Content-Disposition:.*\s+name="?([^";]*)"?', head, re.I)
        name = name.group(1) if name else (re.search(r"Content-ID:\s*([^\r\n]*)", head, re.I) or [None, None])[1]
        kind = re.search(r"Content-Type:[ \t]*([^\r\n]*)", head, re.I)
        kind = kind.group(1) if kind else None
        filename = part_filename(head)
        if not name:
            name = filename or "%s[]" % (kind or "text/plain")
        if filename == "":
            continue                                               # no file chosen
        if filename is None:
            value = data.decode("utf-8", "surrogateescape")
        else:                                                      # the basename (IE sends full paths)
            parts = re.split(r"[/\\]", filename)
            while parts and parts[-1] == "":
                parts.pop()
            value = Upload(parts[-1] if parts else None, kind, data)
        normalize_params(params, name, value)
    return params


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)                      # NaN, Infinity: the json gem refuses them


def deep_munge(value):
    """Rails 4.2 deep_munge: nils are dropped from arrays, and an empty array becomes nil."""
    if isinstance(value, dict):
        return {k: deep_munge(v) for k, v in value.items()}
    if isinstance(value, list):
        items = [deep_munge(v) for v in value if v is not None]
        return items or None
    return value


def accepts_json(headers):
    """Rails 4.2 format negotiation without a path extension: a present, non-browser-like Accept
    header (or an XHR) whose preferred type is JSON."""
    accept = (headers.get("Accept") or "").strip()
    xhr = headers.get("X-Requested-With") == "XMLHttpRequest"
    if not accept or (re.search(r",\s*\*/\*|\*/\*\s*,", accept) and not xhr):
        return False
    items = []
    for index, item in enumerate(accept.split(",")):
        kind, _, rest = item.partition(";")
        q = re.search(r"q=([0-9.]+)", rest)
        if kind.strip():
            items.append((-float(q.group(1)) if q and q.group(1).strip(".") else -1.0, index, kind.strip().lower()))
    return bool(items) and sorted(items)[0][2] in JSON_TYPES


# ----------------------------------------------------------------------------------------------
# The application: Rack middleware order, routes, ContactsController
# ----------------------------------------------------------------------------------------------
class Response:
    def __init__(self, status, body=b"", content_type=None, headers=None, kind="controller"):
        self.status, self.body, self.kind = status, body, kind
        self.headers = ([("Content-Type", content_type)] if content_type else []) + list(headers or [])


def error_response(status, as_json):
    """ActionDispatch::PublicExceptions: {"status":"<code>","error":"<reason>"} for JSON requests,
    otherwise an empty text/html body (the HTML pages are out of scope)."""
    if as_json:
        return Response(status, to_json({"status": str(status), "error": reason(status)}), JSON_CONTENT_TYPE, kind="error")
    return Response(status, b"", "text/html; charset=utf-8", kind="error")


REASONS = {301: "Moved Permanently", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized",
           403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
           408: "Request Timeout", 409: "Conflict", 413: "Payload Too Large", 422: "Unprocessable Entity",
           429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
           502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}


def reason(status):
    try:
        return REASONS.get(status) or HTTPStatus(status).phrase
    except ValueError:
        return REASONS[500]


SEGMENT, FORMAT = r"([^/.?]+)", r"(?:\.([^/.?]+))?"
ROUTES = [("GET", re.compile(r"\A/\Z"), "root"),
          ("GET", re.compile(r"\A/contacts" + FORMAT + r"\Z"), "index"),
          ("POST", re.compile(r"\A/contacts" + FORMAT + r"\Z"), "create"),
          ("GET", re.compile(r"\A/contacts/new" + FORMAT + r"\Z"), "new"),
          ("GET", re.compile(r"\A/contacts/" + SEGMENT + "/edit" + FORMAT + r"\Z"), "edit")] + \
         [(verb, re.compile(r"\A/contacts/" + SEGMENT + FORMAT + r"\Z"), action)
          for verb, action in (("GET", "show"), ("PATCH", "update"), ("PUT", "update"), ("DELETE", "destroy"))]
OVERRIDABLE = ("GET", "HEAD", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "LINK", "UNLINK")


class Request:
    def __init__(self, method, raw_path, query, headers, body, server_port):
        self.method, self.raw_path, self.query, self.headers, self.body = method, raw_path, query, headers, body
        self.media_type = re.split(r"\s*[;,]\s*", headers.get("Content-Type") or "", maxsplit=1)[0].lower() or None
        self.base = base_url(headers, server_port)
        self._form = None

    def form(self):
        """Rack's req.POST for form and multipart bodies (a POST without Content-Type is a form)."""
        if self._form is None:
            if self.media_type in ("multipart/form-data", "multipart/related", "multipart/mixed"):
                self._form = deep_munge(parse_multipart(self.body, self.headers.get("Content-Type") or ""))
            elif self.media_type == "application/x-www-form-urlencoded" or (self.media_type is None and self.method == "POST"):
                self._form = deep_munge(parse_query(self.body.decode("utf-8", "surrogateescape"), "&"))
            else:
                self._form = {}
        return self._form


def base_url(headers, server_port):
    """scheme://host[:port] the way Rails builds URLs from the request (proxy headers included)."""
    scheme = "https" if (headers.get("X-Forwarded-Ssl") or "") == "on" else \
        (headers.get("X-Forwarded-Scheme") or (headers.get("X-Forwarded-Proto") or "").split(",")[0].strip() or "http")
    forwarded = [h for h in re.split(r",\s?", headers.get("X-Forwarded-Host") or "") if h]
    raw = forwarded[-1] if forwarded else (headers.get("Host") or "127.0.0.1:%d" % server_port)
    m = re.search(r":(\d+)\Z", raw)
    host = raw[:m.start()] if m else raw
    port = int(m.group(1)) if m else (443 if scheme == "https" else 80)
    standard = port == (443 if scheme == "https" else 80)
    return "%s://%s%s" % (scheme, host, "" if standard else ":%d" % port)


def normalize_path(path):
    """Journey::Router::Utils.normalize_path."""
    path = re.sub(r"/+", "/", "/" + path).rstrip("/")
    return re.sub(r"%[a-f0-9]{2}", lambda m: m.group(0).upper(), path) or "/"


def serve_static(req):
    """ActionDispatch::Static: public/images/missing.png and the stored pictures (GET and HEAD)."""
    path = posixpath.normpath(urllib.parse.unquote(req.raw_path, errors="surrogateescape"))
    if path == MISSING:
        return Response(200, MISSING_PNG, "image/png", kind="static")
    if path.startswith("/system/contacts/profile_pics/"):
        with STORE.lock:
            for rec in STORE.contacts.values():
                if rec["pic"] and picture_path(rec) == path:
                    return Response(200, rec["pic"]["data"], rec["pic"]["content_type"] or "application/octet-stream",
                                    kind="static")
    return None


def app(req):
    method = req.method
    # ActionDispatch::Static sees the method as sent.
    if method in ("GET", "HEAD"):
        static = serve_static(req)
        if static:
            return static
    # Rack::MethodOverride: a POST's form field _method, else X-HTTP-Method-Override.
    if method == "POST":
        try:
            override = req.form().get("_method")
        except BadParams:
            override = None
        if override is None:
            override = req.headers.get("X-HTTP-Method-Override")
        if isinstance(override, str) and override.upper() in OVERRIDABLE:
            method = override.upper()
    # ActionDispatch::ParamsParser: JSON bodies are parsed before routing; bad JSON is a 400 whose
    # format comes from Accept only (the router has not run).
    body_params = None
    if req.media_type in JSON_TYPES and req.body:
        try:
            parsed = json.loads(req.body.decode("utf-8", "surrogateescape"), parse_constant=reject_constant)
        except ValueError:
            return error_response(400, accepts_json(req.headers))
        body_params = deep_munge(parsed if isinstance(parsed, dict) else {"_json": parsed})
    # The router.
    path, route = normalize_path(req.raw_path), None
    for verb, pattern, action in ROUTES:
        m = pattern.match(path)
        if m and verb == ("GET" if method == "HEAD" else method):
            route = (action, m.groups())
            break
    if route is None:
        return error_response(404, True)
    action, groups = route
    if action == "root":
        location = req.base + "/contacts"
        return Response(301, ('<html><body>You are being <a href="%s">redirected</a>.</body></html>' % location).encode(),
                        "text/html", [("Location", location)], kind="redirect")
    raw_id = urllib.parse.unquote(groups[0], errors="surrogateescape") if len(groups) == 2 else None
    ext = groups[-1] and urllib.parse.unquote(groups[-1])
    as_json = ext == "json" if ext is not None else accepts_json(req.headers)
    # Parameters (query wins over body, as in Rails 4.2); unreadable ones are a 400 by Accept.
    try:
        params = dict(body_params if body_params is not None else req.form() if req.media_type not in JSON_TYPES else {})
        params.update(deep_munge(parse_query(req.query, "&;")))
    except BadParams:
        return error_response(400, accepts_json(req.headers))
    if req.media_type in JSON_TYPES:
        # ParamsWrapper: a JSON body without a (truthy) "contact" key is wrapped, column keys only.
        body = body_params or {}
        if body.get("contact") is None or body.get("contact") is False:
            params["contact"] = {k: v for k, v in body.items() if k in COLUMNS}
    try:
        return controller(action, raw_id, as_json, params, req)
    except HttpError as e:
        return error_response(e.status, as_json)


def find(raw_id):
    """Contact.find(params[:id]): to_i, then int4 range (out of range -> RangeError -> 500)."""
    n = ruby_to_i(raw_id)
    if not -2147483648 <= n <= 2147483647:
        raise HttpError(500)
    if n not in STORE.contacts:
        raise HttpError(404)
    return n


def contact_params(params):
    """params.require(:contact).permit(:first_name, :last_name, :email, :phone_number, :profile_pic, :favorite)"""
    contact = params.get("contact")
    if contact is False:
        raise HttpError(500)                                       # false.permit: NoMethodError
    if blank(contact):
        raise HttpError(400)                                       # ParameterMissing
    if not isinstance(contact, dict):
        raise HttpError(500)
    scalar = lambda v: v is None or isinstance(v, (str, int, float, Upload))
    return {k: contact[k] for k in PERMITTED if k in contact and scalar(contact[k])}


def json_response(status, value, headers=None):
    return Response(status, to_json(value), JSON_CONTENT_TYPE, headers)


def controller(action, raw_id, as_json, params, req):
    if action == "new":
        raise HttpError(500 if as_json else 406)                   # no new.json template
    if action in ("show", "edit", "update", "destroy"):
        with STORE.lock:                                           # before_action :set_contact
            find(raw_id)
    if not as_json:
        return Response(406, b"", "text/html; charset=utf-8", kind="error")
    if action == "edit":
        raise HttpError(500)                                       # no edit.json template
    if action == "index":
        with STORE.lock:
            records = sorted(STORE.contacts.values(), key=list_order)
            return json_response(200, [summary(r, req.base) for r in records])
    if action == "show":
        with STORE.lock:
            return json_response(200, detail(STORE.contacts[find(raw_id)], req.base))
    if action == "destroy":
        with STORE.lock:
            del STORE.contacts[find(raw_id)]
        return Response(204)
    # create / update
    attrs = contact_params(params)
    picture = resolve_picture(attrs["profile_pic"]) if "profile_pic" in attrs else "keep"
    with STORE.lock:
        old = STORE.contacts[find(raw_id)] if action == "update" else \
            {"id": None, "first_name": None, "last_name": None, "email": None, "phone_number": None,
             "favorite": False, "pic": None}
        rec = dict(old)
        for key in STRINGS:
            if key in attrs:
                rec[key] = cast_string(attrs[key])
        if "favorite" in attrs:
            rec["favorite"] = cast_boolean(attrs["favorite"])
        if picture == "remove":
            rec["pic"] = None
        elif picture != "keep":
            rec["pic"] = dict(picture, updated_at=int(time.time()))
        strings = [rec[k] for k in STRINGS if rec[k] is not None]
        if any(re.search("[\ud800-\udfff]", s) for s in strings):
            raise HttpError(500)                                   # invalid UTF-8: ArgumentError
        errors = validate(rec, picture not in ("keep", "remove"))
        if errors:
            return json_response(422, {"errors": errors})
        if any("\x00" in s for s in strings):
            raise HttpError(500)                                   # Postgres rejects NUL bytes
        stamp = now()
        if action == "create":
            rec.update(id=STORE.next_id, created_at=stamp, updated_at=stamp)
            STORE.next_id += 1
        elif any(rec[k] != old[k] for k in STRINGS + ("favorite",)) or rec["pic"] is not old["pic"]:
            rec["updated_at"] = stamp
        STORE.contacts[rec["id"]] = rec
        return json_response(201 if action == "create" else 200, detail(rec, req.base),
                             [("Location", "%s/contacts/%d" % (req.base, rec["id"]))])


def control(method, name, body, req):
    """The /__control endpoints (see the module docstring)."""
    if method == "GET" and name == "/requests":
        with STORE.lock:
            return Response(200, json.dumps(STORE.requests).encode(), JSON_CONTENT_TYPE, kind="control")
    if method != "POST" or name not in ("/reset", "/fail", "/hang", "/blank", "/swap", "/seed"):
        return error_response(404, True)
    try:
        payload = json.loads(body.decode("utf-8")) if body.strip() else {}
        with STORE.lock:
            if name == "/reset":
                STORE.reset()
                return Response(200, b'{"ok":true}', JSON_CONTENT_TYPE, kind="control")
            if name == "/seed":
                added = STORE.seed(payload if isinstance(payload, list) else [payload])
                return Response(201, to_json([detail(r, req.base) for r in added]), JSON_CONTENT_TYPE, kind="control")
            fault = {"kind": name[1:], "count": int(payload.get("count", 1)), "method": payload.get("method"),
                     "path": payload.get("path")}
            fault["method"] = fault["method"].upper() if fault["method"] else None
            if name == "/fail":
                fault["status"] = int(payload.get("status", 500))
                fault["headers"] = [(str(k), str(v)) for k, v in dict(payload.get("headers") or {}).items()]
            elif name == "/hang":
                fault["seconds"] = float(payload.get("seconds", 30))
            if fault["count"] != 0:
                STORE.faults.append(fault)
            return Response(200, json.dumps(fault).encode(), JSON_CONTENT_TYPE, kind="control")
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        return Response(400, json.dumps({"error": str(e)}).encode(), JSON_CONTENT_TYPE, kind="control")


# ----------------------------------------------------------------------------------------------
# HTTP/1.1 plumbing
# ----------------------------------------------------------------------------------------------
VERBOSE = False


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "contacts-server"

    def version_string(self):
        return self.server_version

    def __getattr__(self, name):
        if name.startswith("do_"):                                 # every method, even OPTIONS/LINK
            return self.handle_request
        raise AttributeError(name)

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                line = self.rfile.readline(65537)
                size = int(line.split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass                                       # trailers
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline(3)
        length = int(self.headers.get("Content-Length") or 0)
        if length < 0:
            raise ValueError("negative Content-Length")
        return self.rfile.read(length) if length else b""

    def handle_request(self):
        started = time.monotonic()
        try:
            body = self.read_body()
        except (ValueError, OSError):
            self.close_connection = True
            return self.send(Response(400, b"", "text/plain", kind="error"), started)
        target = self.path.encode("latin-1", "replace").decode("utf-8", "surrogateescape")   # raw bytes
        if re.match(r"https?://", target):
            parts = urllib.parse.urlsplit(target)
            target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        raw_path, _, query = target.partition("?")
        if raw_path == "/__control" or raw_path.startswith("/__control/"):
            request = Request(self.command, raw_path, query, self.headers, b"", self.server.server_port)
            return self.send(control(self.command, raw_path[len("/__control"):], body, request), started)
        with STORE.lock:
            STORE.requests.append({"method": self.command, "path": self.path,
                                   "headers": {k: v for k, v in self.headers.items()},
                                   "body_base64": base64.b64encode(body).decode("ascii")})
            hang = STORE.take_fault("hang", self.command, raw_path)
        if hang:
            time.sleep(hang["seconds"])
        with STORE.lock:
            fail = STORE.take_fault("fail", self.command, raw_path)
        if fail and fail["status"] == 0:
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return
        try:
            response = error_response(fail["status"], True) if fail else \
                app(Request(self.command, raw_path, query, self.headers, body, self.server.server_port))
            if fail:
                response.headers += fail.get("headers", [])
            with STORE.lock:
                if not fail and STORE.take_fault("blank", self.command, raw_path):
                    response.body = b""
                if not fail and response.status in (200, 201) and STORE.take_fault("swap", self.command, raw_path):
                    # A misbehaving server: the change is carried out, the answer is another contact's.
                    other = min(STORE.contacts.values(), key=lambda record: record["id"], default=None)
                    if other is not None:
                        response.body = to_json(detail(other, base_url(self.headers, self.server.server_port)))
        except Exception:
            import traceback
            traceback.print_exc()
            response = error_response(500, True)
        self.send(response, started)

    def send(self, resp, started):
        headers = list(resp.headers)
        if resp.kind not in ("static", "control"):
            request_id = re.sub(r"[^\w-]", "", self.headers.get("X-Request-Id") or "", flags=re.A)[:255]
            headers += [("X-Request-Id", request_id or str(uuid.uuid4())),
                        ("X-Runtime", "%.6f" % (time.monotonic() - started))]
        status, body = resp.status, resp.body
        if resp.kind == "controller":
            headers += [("X-Frame-Options", "SAMEORIGIN"), ("X-XSS-Protection", "1; mode=block"),
                        ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "max-age=0, private, must-revalidate")]
            if status in (200, 201) and body:
                etag = 'W/"%s"' % hashlib.md5(body).hexdigest()
                headers.append(("ETag", etag))
                if status == 200 and self.command in ("GET", "HEAD") and self.headers.get("If-None-Match") == etag \
                        and not self.headers.get("If-Modified-Since"):
                    status, body = 304, b""                        # Rack::ConditionalGet
                    headers = [h for h in headers if h[0] != "Content-Type"]
        try:
            self.send_response(status, reason(status))
            for name, value in headers:
                self.send_header(name, value)
            if status not in (204, 304):
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD" and status not in (204, 304):
                self.wfile.write(body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def log_message(self, fmt, *args):
        if VERBOSE:
            sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if VERBOSE:
            super().handle_error(request, client_address)


def exit_when_orphaned(parent):
    """stdin is a pipe from the test process: EOF means it closed it or died; so does a new parent."""
    def watch_stdin():
        try:
            while sys.stdin.buffer.read(65536):
                pass
        except Exception:
            pass
        os._exit(0)
    threading.Thread(target=watch_stdin, daemon=True).start()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def main():
    global VERBOSE
    parser = argparse.ArgumentParser(description="The GO-JEK contacts REST API, in memory.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 (default) picks a free port")
    parser.add_argument("--seed", metavar="FILE", help="JSON array of contacts to start with (ids 1..n)")
    parser.add_argument("--forever", action="store_true", help="ignore stdin and the parent; stop with SIGINT/SIGTERM")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = parser.parse_args()
    VERBOSE = args.verbose
    parent = os.getppid()
    if args.seed:
        try:
            with open(args.seed, encoding="utf-8") as f:
                items = json.load(f)
            if not isinstance(items, list):
                raise ValueError("the seed must be a JSON array")
            STORE.seed(items, os.path.dirname(os.path.abspath(args.seed)))
        except (OSError, ValueError, KeyError, HttpError) as e:
            sys.exit("contacts-server: cannot load %s: %s" % (args.seed, e))
    if ":" in args.host:
        Server.address_family = socket.AF_INET6
    try:
        server = Server((args.host, args.port), Handler)
    except OSError as e:
        sys.exit("contacts-server: cannot listen on %s:%d: %s" % (args.host, args.port, e))
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    if not args.forever:
        threading.Thread(target=exit_when_orphaned, args=(parent,), daemon=True).start()
    port = server.server_address[1]
    print("PORT %d" % port, flush=True)
    if args.forever:
        host = "[%s]" % args.host if ":" in args.host else args.host
        sys.stderr.write("contacts-server: http://%s:%d/contacts.json (%d contacts); Ctrl-C stops it\n"
                         % (host, port, len(STORE.contacts)))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
