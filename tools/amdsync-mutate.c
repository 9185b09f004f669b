/* amdsync-mutate - the mutator of scripts/fuzz.sh.
 *
 *   amdsync-mutate --seed S --iter I [--max N] [--baseline FILE] -o MUTANT INPUT
 *   amdsync-mutate --seed S --iter I --pick N
 *
 * Reads one test input (MLIR if its name ends in .mlir, else LLVM IR),
 * drops its full-line comments (RUN and CHECK lines included; a file split
 * by `// -----` gives one of its pieces), applies 1..N mutations chosen by a
 * PRNG seeded with (S, I), writes the mutant to MUTANT and prints one line
 * of shell assignments on stdout: the pass options the fuzzer should use
 * and what was done, e.g.
 *
 *   target=gfx1201 strategy=minimize waw=0 existing=keep muts='swap;const'
 *
 * Text-level mutations (no parser: a mutant the tools reject is counted as
 * invalid by the fuzzer): swap two adjacent ops, delete an op, duplicate an
 * op, duplicate a block (MLIR: an op with regions or a run of ops; LLVM: a
 * basic block, one incoming edge redirected to the copy, phis patched),
 * boundary constants, address spaces, thread/block ids, barrier kinds
 * (including inserting one), fence scopes and orderings, chips, wave sizes,
 * and guards (ops put under a condition on the thread id or block id).
 * The same (S, I, INPUT) always gives the same mutant and line. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- PRNG: splitmix64 ---------------------------------------------------- */
static uint64_t rng_state;
static uint64_t rnd64(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static size_t rnd(size_t n) { return n ? (size_t)(rnd64() % n) : 0; }
static int chance(int percent) { return (int)rnd(100) < percent; }

/* ---- Lines ---------------------------------------------------------------- */
typedef struct {
  char **v;
  size_t n, cap;
} Lines;

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "amdsync-mutate: out of memory\n");
    exit(2);
  }
  return p;
}
static char *xstrdup(const char *s) {
  size_t n = strlen(s);
  char *p = xmalloc(n + 1);
  memcpy(p, s, n + 1);
  return p;
}
static char *xprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}
static void lines_insert(Lines *l, size_t at, char *s) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    char **nv = xmalloc(l->cap * sizeof *nv);
    if (l->n)
      memcpy(nv, l->v, l->n * sizeof *nv);
    free(l->v);
    l->v = nv;
  }
  memmove(l->v + at + 1, l->v + at, (l->n - at) * sizeof *l->v);
  l->v[at] = s;
  l->n++;
}
static void lines_push(Lines *l, char *s) { lines_insert(l, l->n, s); }
static void lines_erase(Lines *l, size_t at) {
  free(l->v[at]);
  memmove(l->v + at, l->v + at + 1, (l->n - at - 1) * sizeof *l->v);
  l->n--;
}
static void lines_set(Lines *l, size_t at, char *s) {
  free(l->v[at]);
  l->v[at] = s;
}

/* ---- String helpers ----------------------------------------------------- */
static int is_mlir;

static size_t indent_of(const char *s) {
  size_t i = 0;
  while (s[i] == ' ' || s[i] == '\t')
    i++;
  return i;
}
static const char *trimmed(const char *s) { return s + indent_of(s); }
static int starts(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}
static int ends_with_char(const char *s, char c) {
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    n--;
  return n && s[n - 1] == c;
}
static int id_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' ||
         c == '-';
}
/* Replaces s[at, at+len) by rep; returns a new string. */
static char *splice(const char *s, size_t at, size_t len, const char *rep) {
  size_t n = strlen(s), r = strlen(rep);
  char *p = xmalloc(n - len + r + 1);
  memcpy(p, s, at);
  memcpy(p + at, rep, r);
  memcpy(p + at + r, s + at + len, n - at - len + 1);
  return p;
}
/* Every whole-token occurrence of the SSA name tok (`%x`, not `%xy`)
 * replaced by rep. */
static char *rename_token(const char *s, const char *tok, const char *rep) {
  size_t tl = strlen(tok);
  char *cur = xstrdup(s);
  size_t from = 0;
  for (;;) {
    char *hit = strstr(cur + from, tok);
    if (!hit)
      return cur;
    size_t at = (size_t)(hit - cur);
    char after = cur[at + tl];
    if (id_char(after)) {
      from = at + 1;
      continue;
    }
    char *next = splice(cur, at, tl, rep);
    free(cur);
    cur = next;
    from = at + strlen(rep);
  }
}

/* ---- Structure: function bodies, op lines -------------------------------- */
typedef struct {
  size_t begin, end; /* body lines [begin, end) */
} Body;

static Body bodies[4096];
static size_t nbodies;

static int mlir_func_header(const char *t) {
  return starts(t, "func.func ") || starts(t, "gpu.func ") ||
         starts(t, "llvm.func ");
}

static void find_bodies(const Lines *l) {
  nbodies = 0;
  for (size_t i = 0; i < l->n && nbodies < 4096; i++) {
    const char *t = trimmed(l->v[i]);
    if (is_mlir) {
      if (!mlir_func_header(t))
        continue;
      size_t h = indent_of(l->v[i]), j = i;
      for (; j < l->n; j++) {
        if (j > i && indent_of(l->v[j]) <= h)
          break; /* a declaration */
        if (ends_with_char(l->v[j], '{'))
          break;
      }
      if (j >= l->n || !ends_with_char(l->v[j], '{'))
        continue;
      size_t k = j + 1;
      while (k < l->n &&
             !(indent_of(l->v[k]) == h && trimmed(l->v[k])[0] == '}'))
        k++;
      bodies[nbodies].begin = j + 1;
      bodies[nbodies].end = k;
      nbodies++;
      i = k;
    } else {
      if (!starts(l->v[i], "define ") || !ends_with_char(l->v[i], '{'))
        continue;
      size_t k = i + 1;
      while (k < l->n && l->v[k][0] != '}')
        k++;
      bodies[nbodies].begin = i + 1;
      bodies[nbodies].end = k;
      nbodies++;
      i = k;
    }
  }
}
static int body_of(size_t line) {
  for (size_t b = 0; b < nbodies; b++)
    if (line >= bodies[b].begin && line < bodies[b].end)
      return (int)b;
  return -1;
}

static int is_terminator(const char *t) {
  static const char *const mlir_terms[] = {
      "gpu.return",  "func.return", "return",       "llvm.return",
      "scf.yield",   "cf.br ",      "cf.cond_br",   "llvm.br ",
      "llvm.cond_br", "scf.condition", "cf.switch", "llvm.switch",
      "affine.yield", "scf.reduce", "llvm.unreachable", "scf.in_parallel",
      "memref.alloca_scope.return", "scf.execute_region", NULL};
  static const char *const ll_terms[] = {"br ", "ret", "switch ",
                                         "unreachable", "indirectbr",
                                         "callbr", "resume", NULL};
  const char *const *terms = is_mlir ? mlir_terms : ll_terms;
  for (size_t i = 0; terms[i]; i++)
    if (starts(t, terms[i]))
      return 1;
  return 0;
}

/* An op or instruction on one line of a body. */
static int is_op_line(const Lines *l, size_t i) {
  if (body_of(i) < 0)
    return 0;
  const char *s = l->v[i], *t = trimmed(s);
  if (!*t)
    return 0;
  if (is_mlir) {
    if (t[0] == '}' || t[0] == '^' || starts(t, "//") || ends_with_char(s, '{'))
      return 0;
    if (t[0] == '%')
      return strstr(t, " = ") != NULL;
    return t[0] == '"' || islower((unsigned char)t[0]);
  }
  if (s[0] != ' ' && s[0] != '\t')
    return 0; /* a label */
  if (t[0] == '%')
    return strstr(t, " = ") != NULL;
  static const char *const kw[] = {"store ",   "call ",  "tail call",
                                   "notail ",  "musttail ", "fence ",
                                   "br ",      "ret",    "switch ",
                                   "unreachable", NULL};
  for (size_t k = 0; kw[k]; k++)
    if (starts(t, kw[k]))
      return 1;
  return 0;
}
static int is_plain_op(const Lines *l, size_t i) {
  return is_op_line(l, i) && !is_terminator(trimmed(l->v[i])) &&
         !(is_mlir ? 0 : strstr(l->v[i], " = phi ") != NULL);
}

/* The SSA names an op line defines (`%a = `, `%a, %b = `, `%a:2 = `); MLIR
 * block arguments and `iter_args(%x = ...)` too. Returns the count. */
static size_t defs_of(const char *s, char names[][128], size_t max) {
  size_t n = 0;
  const char *t = trimmed(s);
  int label = is_mlir && t[0] == '^';
  for (const char *p = s; *p && n < max; p++) {
    if (*p != '%')
      continue;
    const char *q = p + 1;
    while (id_char(*q) && *q != '-')
      q++;
    if (!is_mlir) {
      while (id_char(*q))
        q++;
    }
    size_t len = (size_t)(q - p);
    if (len < 2 || len >= 128)
      continue;
    const char *r = q;
    int def = 0;
    if (is_mlir && *r == ':' && isdigit((unsigned char)r[1])) {
      r++;
      while (isdigit((unsigned char)*r))
        r++;
      while (*r == ' ')
        r++;
      def = *r == '=' && r[1] != '=';
    } else {
      const char *w = r;
      while (*w == ' ')
        w++;
      if (*w == '=' && w[1] != '=')
        def = 1;
      else if (*w == ',' && p == t) {
        def = 1; /* %a, %b = ... */
      } else if (label && *r == ':')
        def = 1;
    }
    if (!def)
      continue;
    memcpy(names[n], p, len);
    names[n][len] = 0;
    n++;
    p = q - 1;
  }
  return n;
}

static char *fresh_name(const char *old, unsigned tag) {
  /* `%dN_x` in MLIR (valid even for `%0`), `%dN.x` in LLVM IR. */
  return xprintf(is_mlir ? "%%d%u_%s" : "%%d%u.%s", tag, old + 1);
}

/* Copies lines [b, e) with every name defined in them renamed. The
 * incoming values of an LLVM phi come from the predecessors, not from the
 * copy: only the phi's own name changes. */
static void copy_renamed(const Lines *l, size_t b, size_t e, unsigned tag,
                         Lines *out) {
  static char names[512][128];
  size_t n = 0;
  for (size_t i = b; i < e && n < 500; i++)
    n += defs_of(l->v[i], names + n, 512 - n);
  for (size_t i = b; i < e; i++) {
    char *s = xstrdup(l->v[i]);
    char *phi = is_mlir ? NULL : strstr(s, " = phi ");
    char *tail = NULL;
    if (phi) {
      tail = xstrdup(phi);
      *phi = 0;
    }
    for (size_t k = 0; k < n; k++) {
      char *nn = fresh_name(names[k], tag);
      char *r = rename_token(s, names[k], nn);
      free(nn);
      free(s);
      s = r;
    }
    if (tail) {
      char *r = xprintf("%s%s", s, tail);
      free(s);
      free(tail);
      s = r;
    }
    lines_push(out, s);
  }
}

/* ---- Mutations ---------------------------------------------------------- */
static unsigned dup_tag;

static size_t pick_line(const Lines *l, int (*ok)(const Lines *, size_t),
                        int *found) {
  size_t count = 0, chosen = 0;
  for (size_t i = 0; i < l->n; i++)
    if (ok(l, i) && rnd(++count) == 0)
      chosen = i;
  *found = count > 0;
  return chosen;
}

static int swappable(const Lines *l, size_t i) {
  return i + 1 < l->n && is_plain_op(l, i) && is_op_line(l, i + 1) &&
         indent_of(l->v[i]) == indent_of(l->v[i + 1]) &&
         body_of(i) == body_of(i + 1);
}
static int mut_swap(Lines *l) {
  int found;
  size_t i = pick_line(l, swappable, &found);
  if (!found)
    return 0;
  char *a = l->v[i];
  l->v[i] = l->v[i + 1];
  l->v[i + 1] = a;
  return 1;
}

static int no_result_op(const Lines *l, size_t i) {
  return is_plain_op(l, i) && trimmed(l->v[i])[0] != '%';
}
static int mut_delete(Lines *l) {
  int found;
  size_t i = pick_line(l, chance(70) ? no_result_op : is_plain_op, &found);
  if (!found)
    return 0;
  lines_erase(l, i);
  return 1;
}

static int mut_dup_op(Lines *l) {
  int found;
  size_t i = pick_line(l, is_plain_op, &found);
  if (!found)
    return 0;
  Lines tmp = {0};
  copy_renamed(l, i, i + 1, ++dup_tag, &tmp);
  lines_insert(l, i + 1, tmp.v[0]);
  free(tmp.v);
  return 1;
}

/* MLIR: an op with regions (opener to its closing line) or a run of ops. */
static int region_opener(const Lines *l, size_t i) {
  if (body_of((size_t)i) < 0 || !ends_with_char(l->v[i], '{'))
    return 0;
  const char *t = trimmed(l->v[i]);
  return t[0] != '}' && t[0] != '^';
}
static int mut_dup_block_mlir(Lines *l) {
  int found;
  size_t b, e;
  if (chance(60)) {
    b = pick_line(l, region_opener, &found);
    if (!found)
      return 0;
    size_t h = indent_of(l->v[b]);
    e = b + 1;
    while (e < l->n &&
           !(indent_of(l->v[e]) == h && trimmed(l->v[e])[0] == '}' &&
             !ends_with_char(l->v[e], '{')))
      e++;
    if (e >= l->n)
      return 0;
    e++;
  } else {
    b = pick_line(l, is_plain_op, &found);
    if (!found)
      return 0;
    e = b + 1;
    size_t want = 2 + rnd(3);
    while (e < l->n && e - b < want && is_plain_op(l, e) &&
           indent_of(l->v[e]) == indent_of(l->v[b]))
      e++;
  }
  Lines tmp = {0};
  copy_renamed(l, b, e, ++dup_tag, &tmp);
  for (size_t k = 0; k < tmp.n; k++)
    lines_insert(l, e + k, tmp.v[k]);
  free(tmp.v);
  return 1;
}

/* The first whole-token occurrence of tok in s (`label %a`, not
 * `label %a.d1`), or NULL. */
static const char *find_token(const char *s, const char *tok) {
  const char *h = s;
  while ((h = strstr(h, tok)) != NULL) {
    if (!id_char(h[strlen(tok)]))
      return h;
    h++;
  }
  return NULL;
}

/* LLVM IR: the label a line begins, or NULL. */
static int label_name(const char *s, char *out, size_t max) {
  if (!*s || s[0] == ' ' || s[0] == '\t' || s[0] == ';' || s[0] == '}')
    return 0;
  size_t i = 0;
  while (s[i] && s[i] != ':' && !isspace((unsigned char)s[i]))
    i++;
  if (s[i] != ':' || i == 0 || i + 1 >= max)
    return 0;
  memcpy(out, s, i);
  out[i] = 0;
  return 1;
}
/* The label of the block holding line i (empty for an unnamed entry). */
static void block_of(const Lines *l, size_t i, char *out, size_t max) {
  out[0] = 0;
  int b = body_of(i);
  if (b < 0)
    return;
  for (size_t k = i + 1; k-- > bodies[b].begin;)
    if (label_name(l->v[k], out, max))
      return;
}
/* Phi entries `[ v, %P ]` of line s: keep those whose block is / is not P. */
static char *filter_phi(const char *s, const char *pred, int keep_pred) {
  const char *p = strstr(s, " phi ");
  if (!p)
    return xstrdup(s);
  const char *first = strchr(p, '[');
  if (!first)
    return xstrdup(s);
  size_t cap = strlen(s) + 1, n = (size_t)(first - s);
  char *out = xmalloc(cap + 4);
  memcpy(out, s, n);
  int kept = 0;
  const char *q = first;
  char want[160];
  snprintf(want, sizeof want, "%%%s ]", pred);
  while ((q = strchr(q, '[')) != NULL) {
    const char *close = strchr(q, ']');
    if (!close)
      break;
    size_t len = (size_t)(close - q) + 1;
    int is_pred = len >= strlen(want) &&
                  memcmp(close + 1 - strlen(want), want, strlen(want)) == 0;
    if (is_pred == keep_pred) {
      if (kept) {
        memcpy(out + n, ", ", 2);
        n += 2;
      }
      memcpy(out + n, q, len);
      n += len;
      kept++;
    }
    q = close + 1;
  }
  out[n] = 0;
  if (!kept) {
    free(out);
    return NULL;
  }
  /* keep what follows the last entry (`, !dbg ...`) */
  const char *tail = strrchr(s, ']');
  if (tail && tail[1]) {
    char *t2 = xprintf("%s%s", out, tail + 1);
    free(out);
    out = t2;
  }
  return out;
}

static int mut_dup_block_ll(Lines *l) {
  /* candidate: a named block referenced by a `label %B` somewhere */
  size_t count = 0, chosen = 0;
  char name[128];
  for (size_t i = 0; i < l->n; i++) {
    if (body_of(i) < 0 || !label_name(l->v[i], name, sizeof name))
      continue;
    if (rnd(++count) == 0)
      chosen = i;
  }
  if (!count)
    return 0;
  label_name(l->v[chosen], name, sizeof name);
  int b = body_of(chosen);
  size_t end = chosen + 1;
  char tmpname[128];
  while (end < bodies[b].end && !label_name(l->v[end], tmpname, sizeof tmpname))
    end++;
  /* the incoming edges */
  char ref[160];
  snprintf(ref, sizeof ref, "label %%%s", name);
  size_t edges = 0, edge_line = 0;
  for (size_t i = bodies[b].begin; i < bodies[b].end; i++) {
    const char *h = l->v[i];
    while ((h = find_token(h, ref)) != NULL) {
      if (rnd(++edges) == 0)
        edge_line = i;
      h += strlen(ref);
    }
  }
  if (!edges)
    return 0;
  char pred[128];
  block_of(l, edge_line, pred, sizeof pred);
  if (!pred[0])
    return 0;
  int has_phi = 0;
  for (size_t i = chosen + 1; i < end; i++)
    if (strstr(l->v[i], " = phi "))
      has_phi = 1;
  if (has_phi && edges < 2)
    return 0;
  unsigned tag = ++dup_tag;
  char *newname = xprintf("%s.d%u", name, tag);
  Lines copy = {0};
  copy_renamed(l, chosen, end, tag, &copy);
  lines_set(&copy, 0, xprintf("%s:", newname));
  /* the copy's phis keep the entry of the redirected edge's block */
  for (size_t k = 1; k < copy.n; k++)
    if (strstr(copy.v[k], " = phi ")) {
      char *f = filter_phi(copy.v[k], pred, 1);
      if (f)
        lines_set(&copy, k, f);
    }
  /* redirect the first occurrence on the edge line */
  {
    const char *h = find_token(l->v[edge_line], ref);
    if (h) {
      char *nr = xprintf("label %%%s", newname);
      lines_set(l, edge_line,
                splice(l->v[edge_line], (size_t)(h - l->v[edge_line]),
                       strlen(ref), nr));
      free(nr);
    }
  }
  /* the original loses that predecessor if no other edge from pred remains */
  if (!find_token(l->v[edge_line], ref))
    for (size_t i = chosen + 1; i < end; i++)
      if (strstr(l->v[i], " = phi ")) {
        char *f = filter_phi(l->v[i], pred, 0);
        if (f)
          lines_set(l, i, f);
      }
  /* successors: phis with an entry from the block get one from the copy */
  static char defs[512][128];
  size_t nd = 0;
  for (size_t i = chosen; i < end && nd < 500; i++)
    nd += defs_of(l->v[i], defs + nd, 512 - nd);
  char from[160];
  snprintf(from, sizeof from, ", %%%s ]", name);
  for (size_t i = bodies[b].begin; i < bodies[b].end; i++) {
    if (!strstr(l->v[i], " = phi ") || !strstr(l->v[i], from))
      continue;
    const char *h = strstr(l->v[i], from);
    const char *open = h;
    while (open > l->v[i] && *open != '[')
      open--;
    size_t vlen = (size_t)(h - open) - 2; /* between "[ " and ", %B ]" */
    char val[256];
    if (vlen >= sizeof val || open[1] != ' ')
      continue;
    memcpy(val, open + 2, vlen);
    val[vlen] = 0;
    char *v2 = xstrdup(val);
    for (size_t k = 0; k < nd; k++) {
      char *nn = fresh_name(defs[k], tag);
      char *r = rename_token(v2, defs[k], nn);
      free(nn);
      free(v2);
      v2 = r;
    }
    char *entry = xprintf(", [ %s, %%%s ]", v2, newname);
    free(v2);
    size_t at = (size_t)(h - l->v[i]) + strlen(from);
    lines_set(l, i, splice(l->v[i], at, 0, entry));
    free(entry);
  }
  /* insert the copy before the function's end */
  size_t at = bodies[b].end;
  for (size_t k = 0; k < copy.n; k++)
    lines_insert(l, at + k, copy.v[k]);
  free(copy.v);
  free(newname);
  return 1;
}

/* Integer literals: a digit run not part of a name or a type. */
static int literal_at(const char *s, size_t i, size_t *len) {
  if (!isdigit((unsigned char)s[i]))
    return 0;
  if (i > 0) {
    char p = s[i - 1];
    if (p == '-' && i > 1)
      p = s[i - 2];
    if (isalpha((unsigned char)p) || p == '%' || p == '#' || p == '@' ||
        p == '^' || p == '_' || p == '.' || p == '!' || p == '$' ||
        isdigit((unsigned char)p))
      return 0;
  }
  size_t e = i;
  while (isdigit((unsigned char)s[e]))
    e++;
  /* not floats, names, or the dimensions of a type (`256xf32`,
   * `[256 x float]`): those would only make type mismatches */
  if (s[e] == '.' || s[e] == 'e' || s[e] == '_' || isalpha((unsigned char)s[e]) ||
      starts(s + e, " x "))
    return 0;
  /* addrspace(N), !llvm.ptr<N> and memory spaces are the address-space
   * mutation's */
  if (i >= 10 && memcmp(s + i - 10, "addrspace(", 10) == 0)
    return 0;
  *len = e - i;
  return 1;
}
static int has_literal(const Lines *l, size_t i) {
  if (body_of(i) < 0 && !strstr(l->v[i], "attributes") &&
      !strstr(l->v[i], "known_block_size") && !strstr(l->v[i], "!{"))
    return 0;
  size_t len;
  for (size_t k = 0; l->v[i][k]; k++)
    if (literal_at(l->v[i], k, &len))
      return 1;
  return 0;
}
static int mut_const(Lines *l) {
  int found;
  size_t i = pick_line(l, has_literal, &found);
  if (!found)
    return 0;
  const char *s = l->v[i];
  size_t count = 0, at = 0, alen = 0, len;
  for (size_t k = 0; s[k]; k++)
    if (literal_at(s, k, &len)) {
      if (rnd(++count) == 0) {
        at = k;
        alen = len;
      }
      k += len - 1;
    }
  static const char *const vals[] = {
      "0",          "1",          "-1",         "2",          "3",
      "4",          "31",         "32",         "33",         "63",
      "64",         "65",         "127",        "128",        "255",
      "256",        "257",        "1023",       "1024",       "1025",
      "65535",      "65536",      "2147483647", "-2147483648", "4294967295",
      "4294967296", "4294967300", "9223372036854775807", "-9223372036854775808"};
  char buf[64];
  const char *rep;
  if (chance(20)) {
    long long v = strtoll(s + at, NULL, 10);
    long long d = (long long)rnd(3) - 1;
    snprintf(buf, sizeof buf, "%lld", chance(50) ? v + (d ? d : 1) : 2 * v);
    rep = buf;
  } else {
    rep = vals[rnd(sizeof vals / sizeof *vals)];
  }
  /* a leading minus belongs to the literal */
  if (at > 0 && s[at - 1] == '-') {
    at--;
    alen++;
  }
  lines_set(l, i, splice(s, at, alen, rep));
  return 1;
}

/* Replaces one occurrence (or, with prob all_pct, every occurrence) of one of
 * the strings of a group by another of the group. */
static int swap_group(Lines *l, const char *const *group, size_t n,
                      int all_pct) {
  size_t count = 0, ci = 0, cg = 0, cat = 0;
  for (size_t i = 0; i < l->n; i++)
    for (size_t g = 0; g < n; g++) {
      const char *h = l->v[i];
      while ((h = strstr(h, group[g])) != NULL) {
        /* whole word at the end (gfx9 vs gfx90a; .x vs .xyz) */
        char after = h[strlen(group[g])];
        if (!(isalnum((unsigned char)after) || after == '_') &&
            rnd(++count) == 0) {
          ci = i;
          cg = g;
          cat = (size_t)(h - l->v[i]);
        }
        h += strlen(group[g]);
      }
    }
  if (!count)
    return 0;
  size_t to = rnd(n - 1);
  if (to >= cg)
    to++;
  if (chance(all_pct)) {
    /* every whole occurrence */
    for (size_t i = 0; i < l->n; i++) {
      size_t off = 0;
      char *h;
      while ((h = strstr(l->v[i] + off, group[cg])) != NULL) {
        size_t at = (size_t)(h - l->v[i]);
        char after = h[strlen(group[cg])];
        if (isalnum((unsigned char)after) || after == '_') {
          off = at + 1;
          continue;
        }
        lines_set(l, i, splice(l->v[i], at, strlen(group[cg]), group[to]));
        off = at + strlen(group[to]);
      }
    }
  } else {
    lines_set(l, ci, splice(l->v[ci], cat, strlen(group[cg]), group[to]));
  }
  return 1;
}

/* LLVM IR: declares the intrinsics a mutation introduced, if missing. */
static void ensure_decl(Lines *l, const char *name, const char *decl) {
  char want[200];
  snprintf(want, sizeof want, "@%s(", name);
  int used = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (!strstr(l->v[i], want))
      continue;
    used = 1;
    if (starts(l->v[i], "declare "))
      return;
  }
  if (used)
    lines_push(l, xstrdup(decl));
}
static void ensure_decls(Lines *l) {
  if (is_mlir)
    return;
  static const char *const d[][2] = {
      {"llvm.amdgcn.s.barrier", "declare void @llvm.amdgcn.s.barrier()"},
      {"llvm.amdgcn.wave.barrier", "declare void @llvm.amdgcn.wave.barrier()"},
      {"llvm.amdgcn.s.barrier.signal",
       "declare void @llvm.amdgcn.s.barrier.signal(i32)"},
      {"llvm.amdgcn.s.barrier.wait",
       "declare void @llvm.amdgcn.s.barrier.wait(i16)"},
      {"llvm.amdgcn.workitem.id.x", "declare i32 @llvm.amdgcn.workitem.id.x()"},
      {"llvm.amdgcn.workitem.id.y", "declare i32 @llvm.amdgcn.workitem.id.y()"},
      {"llvm.amdgcn.workitem.id.z", "declare i32 @llvm.amdgcn.workitem.id.z()"},
      {"llvm.amdgcn.workgroup.id.x",
       "declare i32 @llvm.amdgcn.workgroup.id.x()"},
      {"llvm.amdgcn.workgroup.id.y",
       "declare i32 @llvm.amdgcn.workgroup.id.y()"},
      {"llvm.amdgcn.workgroup.id.z",
       "declare i32 @llvm.amdgcn.workgroup.id.z()"},
  };
  for (size_t i = 0; i < sizeof d / sizeof *d; i++)
    ensure_decl(l, d[i][0], d[i][1]);
}

static int mut_addrspace(Lines *l) {
  if (is_mlir) {
    static const char *const memref_spaces[] = {
        ", #gpu.address_space<workgroup>>", ", #gpu.address_space<global>>",
        ", #gpu.address_space<private>>", ", 3>", ", 1>", ", 5>"};
    static const char *const ptrs[] = {"!llvm.ptr<3>", "!llvm.ptr<1>",
                                       "!llvm.ptr<5>", "!llvm.ptr<0>"};
    static const char *const attrs[] = {"addr_space = 3 : i32",
                                        "addr_space = 1 : i32",
                                        "addr_space = 0 : i32",
                                        "addr_space = 5 : i32"};
    switch (rnd(3)) {
    case 0:
      return swap_group(l, memref_spaces, 6, 60) ||
             swap_group(l, ptrs, 4, 60);
    case 1:
      return swap_group(l, ptrs, 4, 60) || swap_group(l, attrs, 4, 60);
    default:
      return swap_group(l, attrs, 4, 60) ||
             swap_group(l, memref_spaces, 6, 60);
    }
  }
  static const char *const spaces[] = {"addrspace(3)", "addrspace(1)",
                                       "addrspace(0)", "addrspace(5)",
                                       "addrspace(4)"};
  return swap_group(l, spaces, chance(80) ? 4 : 5, 50);
}

static int mut_ids(Lines *l) {
  if (is_mlir) {
    static const char *const gpu[] = {
        "gpu.thread_id x", "gpu.thread_id y", "gpu.thread_id z",
        "gpu.block_id x",  "gpu.block_id y",  "gpu.lane_id"};
    static const char *const rocdl[] = {
        "rocdl.workitem.id.x",  "rocdl.workitem.id.y",
        "rocdl.workitem.id.z",  "rocdl.workgroup.id.x",
        "rocdl.workgroup.id.y", "rocdl.mbcnt.lo"};
    return swap_group(l, gpu, 6, 30) || swap_group(l, rocdl, 5, 30);
  }
  static const char *const ids[] = {
      "@llvm.amdgcn.workitem.id.x",  "@llvm.amdgcn.workitem.id.y",
      "@llvm.amdgcn.workitem.id.z",  "@llvm.amdgcn.workgroup.id.x",
      "@llvm.amdgcn.workgroup.id.y", "@llvm.amdgcn.workgroup.id.z"};
  int r = swap_group(l, ids, 6, 30);
  ensure_decls(l);
  return r;
}

static int mut_barrier(Lines *l) {
  static const char *const mlir_bars[] = {
      "gpu.barrier",
      "amdgpu.lds_barrier",
      "rocdl.s.barrier",
      "rocdl.barrier",
      "rocdl.s.barrier.signal id = -1",
      "rocdl.s.barrier.wait id = -1",
      "rocdl.s.barrier.signal id = -1\n@@rocdl.s.barrier.wait id = -1",
      "llvm.call_intrinsic \"llvm.amdgcn.wave.barrier\"() : () -> ()",
      "llvm.fence syncscope(\"workgroup\") release\n@@rocdl.s.barrier\n@@"
      "llvm.fence syncscope(\"workgroup\") acquire",
      "rocdl.s.waitcnt 0"};
  static const char *const ll_bars[] = {
      "call void @llvm.amdgcn.s.barrier()",
      "call void @llvm.amdgcn.wave.barrier()",
      "call void @llvm.amdgcn.s.barrier.signal(i32 -1)",
      "call void @llvm.amdgcn.s.barrier.wait(i16 -1)",
      "call void @llvm.amdgcn.s.barrier.signal(i32 -1)\n@@call void "
      "@llvm.amdgcn.s.barrier.wait(i16 -1)",
      "fence syncscope(\"workgroup\") release\n@@call void "
      "@llvm.amdgcn.s.barrier()\n@@fence syncscope(\"workgroup\") acquire",
      "fence syncscope(\"workgroup\") acq_rel"};
  const char *const *bars = is_mlir ? mlir_bars : ll_bars;
  size_t nb = is_mlir ? sizeof mlir_bars / sizeof *mlir_bars
                      : sizeof ll_bars / sizeof *ll_bars;
  /* an existing barrier line */
  size_t count = 0, chosen = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (!is_op_line(l, i))
      continue;
    const char *t = trimmed(l->v[i]);
    for (size_t k = 0; k < 4 + (is_mlir ? 2 : 0); k++)
      if (starts(t, bars[k]) ||
          (!is_mlir && strstr(t, "@llvm.amdgcn.") && strstr(t, "barrier"))) {
        if (rnd(++count) == 0)
          chosen = i;
        break;
      }
  }
  const char *rep = bars[rnd(nb)];
  size_t at;
  int replace = count && chance(65);
  if (replace) {
    at = chosen;
  } else {
    int found;
    at = pick_line(l, is_op_line, &found);
    if (!found)
      return 0;
  }
  size_t ind = indent_of(l->v[at]);
  /* expand "\n@@" into several lines at the same indentation */
  char *copy = xstrdup(rep);
  char *save = copy;
  size_t k = 0;
  if (replace)
    lines_erase(l, at);
  for (char *piece = strtok(save, "\n"); piece; piece = strtok(NULL, "\n")) {
    if (piece[0] == '@' && piece[1] == '@')
      piece += 2;
    lines_insert(l, at + k++, xprintf("%*s%s", (int)ind, "", piece));
  }
  free(copy);
  ensure_decls(l);
  return 1;
}

static int mut_fence(Lines *l) {
  static const char *const scopes[] = {
      "syncscope(\"workgroup\")",        "syncscope(\"agent\")",
      "syncscope(\"wavefront\")",        "syncscope(\"workgroup-one-as\")",
      "syncscope(\"agent-one-as\")",     "syncscope(\"wavefront-one-as\")",
      "syncscope(\"singlethread\")",     "syncscope(\"one-as\")"};
  static const char *const orders[] = {" release", " acquire", " acq_rel",
                                       " seq_cst"};
  switch (rnd(4)) {
  case 0: {
    /* ordering of a fence line */
    size_t count = 0, chosen = 0;
    for (size_t i = 0; i < l->n; i++)
      if (strstr(l->v[i], "fence ") && body_of(i) >= 0 && rnd(++count) == 0)
        chosen = i;
    if (!count)
      return 0;
    for (size_t k = 0; k < 4; k++) {
      char *h = strstr(l->v[chosen], orders[k]);
      if (h) {
        lines_set(l, chosen,
                  splice(l->v[chosen], (size_t)(h - l->v[chosen]),
                         strlen(orders[k]), orders[rnd(4)]));
        return 1;
      }
    }
    return 0;
  }
  case 1: {
    /* drop the MMRA or the scope (system scope) of one fence */
    size_t count = 0, chosen = 0;
    for (size_t i = 0; i < l->n; i++)
      if (strstr(l->v[i], "fence ") && body_of(i) >= 0 &&
          (strstr(l->v[i], ", !mmra") || strstr(l->v[i], "syncscope(")) &&
          rnd(++count) == 0)
        chosen = i;
    if (!count)
      return 0;
    char *h = strstr(l->v[chosen], ", !mmra");
    if (h && chance(60)) {
      char *e = h + 7;
      while (*e == ' ')
        e++;
      while (*e && *e != ',' && !isspace((unsigned char)*e))
        e++;
      lines_set(l, chosen, splice(l->v[chosen], (size_t)(h - l->v[chosen]),
                                  (size_t)(e - h), ""));
      return 1;
    }
    h = strstr(l->v[chosen], "syncscope(");
    if (!h)
      return 0;
    char *e = strchr(h, ')');
    if (!e)
      return 0;
    e++;
    if (*e == ' ')
      e++;
    lines_set(l, chosen, splice(l->v[chosen], (size_t)(h - l->v[chosen]),
                                (size_t)(e - h), ""));
    return 1;
  }
  default:
    return swap_group(l, scopes, 8, 20);
  }
}

static int mut_chip(Lines *l) {
  static const char *const chips[] = {"\"gfx942\"", "\"gfx90a\"",
                                      "\"gfx908\"", "\"gfx950\"",
                                      "\"gfx1030\"", "\"gfx1100\"",
                                      "\"gfx1201\"", "\"gfx1250\""};
  if (swap_group(l, chips, 8, 50))
    return 1;
  /* no chip in the text: give one */
  for (size_t i = 0; i < l->n; i++) {
    if (is_mlir) {
      char *h = strstr(l->v[i], "gpu.module @");
      if (!h)
        continue;
      char *sp = strchr(h + 12, ' ');
      if (!sp || strchr(l->v[i], '['))
        continue;
      char *t = xprintf(" [#rocdl.target<chip = %s>]", chips[rnd(8)]);
      lines_set(l, i, splice(l->v[i], (size_t)(sp - l->v[i]), 0, t));
      free(t);
      return 1;
    }
    if (starts(l->v[i], "define ")) {
      char *h = strrchr(l->v[i], '{');
      if (!h)
        continue;
      /* an attribute group of its own at the end of the module */
      char *t = xprintf("attributes #%u = { \"target-cpu\"=%s }", 900 + i,
                        chips[rnd(8)]);
      char *ref = xprintf("#%u ", 900 + i);
      lines_set(l, i, splice(l->v[i], (size_t)(h - l->v[i]), 0, ref));
      lines_push(l, t);
      free(ref);
      return 1;
    }
  }
  return 0;
}

static int mut_wave(Lines *l) {
  static const char *const w[] = {"+wavefrontsize64", "+wavefrontsize32",
                                  "-wavefrontsize64"};
  if (chance(60) && swap_group(l, w, 3, 50))
    return 1;
  for (size_t i = 0; i < l->n; i++) {
    if (is_mlir) {
      char *h = strstr(l->v[i], "#rocdl.target<chip = \"");
      if (!h || strstr(h, "features"))
        continue;
      char *e = strchr(h + 22, '"');
      if (!e)
        continue;
      lines_set(l, i,
                splice(l->v[i], (size_t)(e + 1 - l->v[i]), 0,
                       chance(70) ? ", features = \"+wavefrontsize64\""
                                  : ", features = \"+wavefrontsize32\""));
      return 1;
    }
    char *h = strstr(l->v[i], "\"target-cpu\"=");
    if (!h || strstr(l->v[i], "target-features"))
      continue;
    lines_set(l, i,
              splice(l->v[i], (size_t)(h - l->v[i]), 0,
                     chance(70) ? "\"target-features\"=\"+wavefrontsize64\" "
                                : "\"target-features\"=\"+wavefrontsize32\" "));
    return 1;
  }
  return 0;
}

/* Puts a run of ops without results under a condition on the thread id
 * (divergent) or the block id (uniform): MLIR `scf.if`, LLVM IR a branch
 * around them (the rest of the block moves to a join block, phis follow). */
static int no_result_plain(const Lines *l, size_t i) {
  return no_result_op(l, i);
}
static int mut_guard(Lines *l) {
  int found;
  size_t i = pick_line(l, no_result_plain, &found);
  if (!found)
    return 0;
  int b = body_of(i);
  size_t e = i + 1, want = 1 + rnd(3);
  while (e < bodies[b].end && e - i < want && no_result_plain(l, e) &&
         indent_of(l->v[e]) == indent_of(l->v[i]))
    e++;
  unsigned tag = ++dup_tag;
  int divergent = chance(70);
  static const char *const bounds[] = {"32", "64", "1", "0", "65"};
  const char *bound = bounds[rnd(5)];
  size_t ind = indent_of(l->v[i]);
  if (is_mlir) {
    /* the function header: is it an llvm.func? */
    int llvm_func = 0;
    for (size_t k = bodies[b].begin; k-- > 0;) {
      const char *t = trimmed(l->v[k]);
      if (mlir_func_header(t)) {
        llvm_func = starts(t, "llvm.func ");
        break;
      }
    }
    size_t at = bodies[b].begin;
    if (at < l->n && trimmed(l->v[at])[0] == '^')
      at++;
    size_t bind = at < l->n ? indent_of(l->v[at]) : 4;
    char *defs[3];
    if (llvm_func) {
      defs[0] = xprintf("%*s%%fz%u_t = %s : i32", (int)bind, "", tag,
                        divergent ? "rocdl.workitem.id.x" : "rocdl.workgroup.id.x");
      defs[1] = xprintf("%*s%%fz%u_c = llvm.mlir.constant(%s : i32) : i32",
                        (int)bind, "", tag, bound);
      defs[2] = xprintf("%*s%%fz%u_p = llvm.icmp \"ult\" %%fz%u_t, %%fz%u_c : i32",
                        (int)bind, "", tag, tag, tag);
    } else {
      defs[0] = xprintf("%*s%%fz%u_t = %s", (int)bind, "", tag,
                        divergent ? "gpu.thread_id x" : "gpu.block_id x");
      defs[1] = xprintf("%*s%%fz%u_c = arith.constant %s : index", (int)bind,
                        "", tag, bound);
      defs[2] = xprintf("%*s%%fz%u_p = arith.cmpi ult, %%fz%u_t, %%fz%u_c : index",
                        (int)bind, "", tag, tag, tag);
    }
    /* wrap first (the lines move down after the definitions go in) */
    for (size_t k = i; k < e; k++)
      lines_set(l, k, xprintf("  %s", l->v[k]));
    lines_insert(l, e, xprintf("%*s}", (int)ind, ""));
    lines_insert(l, i, xprintf("%*sscf.if %%fz%u_p {", (int)ind, "", tag));
    for (size_t k = 0; k < 3; k++)
      lines_insert(l, at + k, defs[k]);
    return 1;
  }
  char label[128];
  block_of(l, i, label, sizeof label);
  /* the rest of the block after the run moves to the join block */
  lines_insert(l, e, xprintf("fz%u.join:", tag));
  lines_insert(l, e, xprintf("  br label %%fz%u.join", tag));
  lines_insert(l, i, xprintf("fz%u.then:", tag));
  lines_insert(l, i, xprintf("  br i1 %%fz%u.p, label %%fz%u.then, label %%fz%u.join",
                             tag, tag, tag));
  if (label[0]) {
    char from[160], to[160];
    snprintf(from, sizeof from, ", %%%s ]", label);
    snprintf(to, sizeof to, ", %%fz%u.join ]", tag);
    for (size_t k = bodies[b].begin; k < bodies[b].end + 4; k++) {
      if (!strstr(l->v[k], " = phi "))
        continue;
      char *h;
      while ((h = strstr(l->v[k], from)) != NULL)
        lines_set(l, k, splice(l->v[k], (size_t)(h - l->v[k]), strlen(from), to));
    }
  }
  size_t at = bodies[b].begin;
  char tmp[128];
  if (label_name(l->v[at], tmp, sizeof tmp))
    at++;
  lines_insert(l, at, xprintf("  %%fz%u.p = icmp ult i32 %%fz%u.t, %s", tag, tag,
                              bound));
  lines_insert(l, at, xprintf("  %%fz%u.t = call i32 @%s()", tag,
                              divergent ? "llvm.amdgcn.workitem.id.x"
                                        : "llvm.amdgcn.workgroup.id.x"));
  ensure_decls(l);
  return 1;
}

typedef int (*Mutation)(Lines *);
static const struct {
  const char *name;
  Mutation fn;
  int weight;
} mutations[] = {
    {"swap", mut_swap, 14},       {"delete", mut_delete, 10},
    {"dup-op", mut_dup_op, 8},    {"dup-block", NULL, 8},
    {"const", mut_const, 14},     {"addrspace", mut_addrspace, 10},
    {"ids", mut_ids, 8},          {"barrier", mut_barrier, 14},
    {"fence", mut_fence, 7},      {"chip", mut_chip, 4},
    {"wave", mut_wave, 4},        {"guard", mut_guard, 8},
};

/* ---- Input --------------------------------------------------------------- */
static int comment_line(const char *s) {
  const char *t = trimmed(s);
  return is_mlir ? starts(t, "//") : t[0] == ';';
}

static void read_input(const char *path, Lines *out) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(2);
  }
  Lines all = {0};
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&buf, &cap, f)) >= 0) {
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
      buf[--n] = 0;
    lines_push(&all, xstrdup(buf));
  }
  free(buf);
  fclose(f);
  /* pieces split by `// -----` */
  size_t pieces = 1;
  for (size_t i = 0; i < all.n; i++)
    if (is_mlir && starts(trimmed(all.v[i]), "// -----"))
      pieces++;
  size_t want = rnd(pieces), piece = 0;
  for (size_t i = 0; i < all.n; i++) {
    if (is_mlir && starts(trimmed(all.v[i]), "// -----")) {
      piece++;
      continue;
    }
    if (piece != want || comment_line(all.v[i]))
      continue;
    /* blank lines go too */
    if (!*trimmed(all.v[i]))
      continue;
    lines_push(out, xstrdup(all.v[i]));
  }
  for (size_t i = 0; i < all.n; i++)
    free(all.v[i]);
  free(all.v);
}

static void usage(void) {
  fprintf(stderr,
          "usage: amdsync-mutate --seed S --iter I [--max N] [--baseline FILE]\n"
          "                      -o MUTANT INPUT\n"
          "       amdsync-mutate --seed S --iter I --pick N\n");
}

/* Seeds the PRNG from two well-mixed words, so that neighbouring iterations
 * share no stream; name (the input's base name) is mixed in too. */
static void seed_rng(unsigned long long seed, unsigned long long iter,
                     const char *name) {
  rng_state = seed;
  uint64_t a = rnd64();
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (const char *c = name; *c; c++)
    h = (h ^ (unsigned char)*c) * 1099511628211ull;
  rng_state = iter ^ h;
  uint64_t b = rnd64();
  rng_state = a ^ (b * 0x2545F4914F6CDD1Dull);
  rnd64();
}

int main(int argc, char **argv) {
  unsigned long long seed = 1, iter = 0, pick = 0;
  int max = 3;
  const char *out_path = NULL, *in_path = NULL, *base_path = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--iter") && i + 1 < argc)
      iter = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--max") && i + 1 < argc)
      max = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--pick") && i + 1 < argc)
      pick = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--baseline") && i + 1 < argc)
      base_path = argv[++i];
    else if (!strcmp(argv[i], "-o") && i + 1 < argc)
      out_path = argv[++i];
    else if (argv[i][0] != '-' && !in_path)
      in_path = argv[i];
    else {
      usage();
      return 2;
    }
  }
  if (pick) {
    /* which corpus file iteration I mutates */
    seed_rng(seed, iter, "pick");
    printf("%llu\n", (unsigned long long)rnd((size_t)pick));
    return 0;
  }
  if (!in_path || !out_path || max < 1) {
    usage();
    return 2;
  }
  size_t plen = strlen(in_path);
  is_mlir = plen >= 5 && !strcmp(in_path + plen - 5, ".mlir");
  const char *base = strrchr(in_path, '/');
  seed_rng(seed, iter, base ? base + 1 : in_path);

  Lines l = {0};
  read_input(in_path, &l);
  find_bodies(&l);
  if (nbodies == 0) {
    /* nothing to mutate (a file of RUN lines, a declaration-only piece) */
    fprintf(stderr, "amdsync-mutate: %s: no function bodies\n", in_path);
    return 3;
  }

  if (base_path) {
    /* the piece as read, unmutated: the fuzzer's reference */
    FILE *b = fopen(base_path, "w");
    if (!b) {
      perror(base_path);
      return 2;
    }
    for (size_t i = 0; i < l.n; i++)
      fprintf(b, "%s\n", l.v[i]);
    fclose(b);
  }
  char muts[512] = "";
  size_t total = 0;
  for (size_t m = 0; m < sizeof mutations / sizeof *mutations; m++)
    total += (size_t)mutations[m].weight;
  int want = 1 + (int)rnd((size_t)max), done = 0;
  for (int tries = 0; done < want && tries < 40; tries++) {
    find_bodies(&l);
    size_t r = rnd(total), m = 0;
    while (r >= (size_t)mutations[m].weight)
      r -= (size_t)mutations[m++].weight;
    Mutation fn = mutations[m].fn;
    if (!fn)
      fn = is_mlir ? mut_dup_block_mlir : mut_dup_block_ll;
    if (!fn(&l))
      continue;
    done++;
    if (strlen(muts) + strlen(mutations[m].name) + 2 < sizeof muts) {
      if (*muts)
        strcat(muts, ";");
      strcat(muts, mutations[m].name);
    }
  }

  FILE *o = fopen(out_path, "w");
  if (!o) {
    perror(out_path);
    return 2;
  }
  for (size_t i = 0; i < l.n; i++)
    fprintf(o, "%s\n", l.v[i]);
  fclose(o);

  /* the pass options for this mutant */
  static const char *const targets[] = {"gfx942", "gfx90a", "gfx908",
                                        "gfx950", "gfx1030", "gfx1100",
                                        "gfx1201", "gfx1250", "none"};
  static const char *const strategies[] = {"default", "default", "minimize",
                                           "disjoint"};
  const char *target = targets[rnd(9)];
  const char *strategy = strategies[rnd(4)];
  int waw = chance(15);
  const char *existing = chance(30) ? "replace" : "keep";
  printf("target=%s strategy=%s waw=%d existing=%s muts='%s'\n", target,
         strategy, waw, existing, *muts ? muts : "none");
  for (size_t i = 0; i < l.n; i++)
    free(l.v[i]);
  free(l.v);
  return 0;
}
