/*===- picture.c - The picture of one function's synchronization ---------===*
 *
 * See amdsync/picture.h. This room owns the drawing: the layout (where
 * each block, op and gap stands on the axis, which row each window and
 * label takes) and the SVG text, and the recorder of the errors the
 * picture shows as refused pairs. It decides nothing: it reads the
 * program, the windows and the placement as the analyses left them.
 *
 * Layout, top to bottom: the title; the control band (block names, loop
 * spans with their trips, branch marks, the input's barriers, marks and
 * waits); the placement band (each inserted op's label with its executed
 * count, split pairs as brackets); one lane per resource (its accesses on
 * an axis, its windows on rows of their own, its refused pairs in red);
 * the reasons of the refused pairs and a legend. The vertical lines of
 * the placements cross every lane.
 *===----------------------------------------------------------------------===*/
#include "amdsync/picture.h"
#include "amdsync/cfg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*===--- The recorder --------------------------------------------------------===*/

static AmdsyncPictureError *record(AmdsyncPictureLog *log, void *origin,
                                   const char *message) {
  log->items = amdsyncArenaGrow(log->arena, log->items, log->count,
                                &log->capacity, sizeof *log->items);
  AmdsyncPictureError *e = &log->items[log->count++];
  memset(e, 0, sizeof *e);
  e->origin = origin;
  e->message = amdsyncArenaStrndup(log->arena, message, strlen(message));
  return e;
}

static void recordError(void *ctx, void *origin, const char *message) {
  AmdsyncPictureLog *log = ctx;
  record(log, origin, message);
  if (log->forward->error)
    log->forward->error(log->forward->ctx, origin, message);
}

static void recordDivergent(void *ctx, void *origin, const char *message,
                            void *branch) {
  AmdsyncPictureLog *log = ctx;
  record(log, origin, message)->branch = branch;
  amdsyncReportDivergent(log->forward, origin, message, branch);
}

static void recordWithNotes(void *ctx, void *origin, const char *message,
                            int n, void *const *others,
                            const char *const *notes) {
  AmdsyncPictureLog *log = ctx;
  AmdsyncPictureError *e = record(log, origin, message);
  e->n = n;
  e->others = amdsyncArenaAlloc(log->arena, sizeof(void *) * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    e->others[i] = others[i];
  amdsyncReportWithNotes(log->forward, origin, message, n, others, notes);
}

AmdsyncDiagnostics amdsyncPictureRecorder(AmdsyncPictureLog *log,
                                          AmdsyncArena *arena,
                                          const AmdsyncDiagnostics *forward) {
  memset(log, 0, sizeof *log);
  log->arena = arena;
  log->forward = forward;
  /* No explanations: amdsyncExplain takes forward's. */
  return amdsyncForwarding((AmdsyncDiagnostics){.ctx = log,
                                                .error = recordError,
                                                .divergent = recordDivergent,
                                                .error_notes = recordWithNotes},
                           forward);
}

/*===--- Text ----------------------------------------------------------------===*/

/* The length of the UTF-8 sequence at `s`, or 0 when it is not one. */
static int utf8Length(const unsigned char *s) {
  int n = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
          : s[0] >= 0xe0 && s[0] <= 0xef ? 3
          : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
                                         : 0;
  for (int i = 1; i < n; ++i)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  return n;
}

/* `s` (at most `len` bytes) as XML character data: the five special
   characters escaped, control characters and bytes that are not UTF-8
   written as '?'. */
static void putEscapedN(FILE *f, const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < len && u[i];) {
    unsigned char c = u[i];
    if (c < 0x80) {
      switch (c) {
      case '&': fputs("&amp;", f); break;
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '"': fputs("&quot;", f); break;
      case '\'': fputs("&apos;", f); break;
      default: fputc(c < 0x20 ? '?' : c, f); break;
      }
      i++;
      continue;
    }
    int n = utf8Length(u + i);
    if (n == 0 || i + (size_t)n > len) {
      fputc('?', f);
      i++;
      continue;
    }
    fwrite(u + i, 1, (size_t)n, f);
    i += (size_t)n;
  }
}

static void putEscaped(FILE *f, const char *s) {
  putEscapedN(f, s, strlen(s));
}

/* Estimated width in pixels of `s` at the picture's font size. */
static int textWidth(const char *s) {
  int chars = 0;
  for (const unsigned char *u = (const unsigned char *)s; *u; ++u)
    chars += (*u & 0xc0) != 0x80;
  return chars * 13 / 2 + 4;
}

/*===--- Layout ----------------------------------------------------------------===*/

enum {
  LEFT = 220,      /* the lane names' column */
  BLOCK_PAD = 18,  /* between blocks */
  ROW = 16,        /* a window's or label's row */
  LANE_HEAD = 30,  /* a lane's axis with its accesses */
  MAX_WINDOWS = 4096,
  MAX_TICKS = 64,  /* gap ticks drawn per window */
  WRAP = 130,      /* characters per line of a refused pair's reason */
};

typedef struct {
  const AmdsyncProgram *p;
  const AmdsyncCfg *g;
  const AmdsyncPicture *pic;
  FILE *f;
  int col;          /* an op's column */
  int *bx;          /* per block id: x of its gap 0; -1 unreachable */
  int width;        /* the axis's end */
  int *loop_lo, *loop_hi;
  int max_depth;
  int nwindows;     /* windows drawn */
  int *lane_of;     /* per window: its lane (a resource) */
  int *row_of;      /* per window: its row in the lane */
  int *lane_rows;   /* per lane: window rows */
  int nlanes;       /* resources, and one for refused ops on no resource */
  int *err_lane;    /* per refused error: its lane, -1 none */
  int *err_row;     /* per refused error: its row after the window rows */
  int *lane_err_rows;
  int *lane_y;      /* per lane: its top */
  int *place_row;   /* per placement: its label's row */
  int place_rows;
  int control_y, place_y, lanes_y, footer_y, height, total_width;
} Layout;

static int gapX(const Layout *L, int gap) {
  const AmdsyncBlock *b = amdsyncCfgGapBlock(L->g, gap);
  if (L->bx[b->id] < 0)
    return -1;
  return L->bx[b->id] + amdsyncCfgGapIndex(L->g, gap) * L->col;
}

static int opX(const Layout *L, const AmdsyncNode *n) {
  if (!n || !n->block || L->bx[n->block->id] < 0)
    return -1;
  return L->bx[n->block->id] + n->bindex * L->col + L->col / 2;
}

static int blockEnd(const Layout *L, const AmdsyncBlock *b) {
  return L->bx[b->id] + b->nops * L->col;
}

/* The node whose origin is `origin`, or NULL. */
static const AmdsyncNode *nodeOf(const AmdsyncProgram *p, const void *origin) {
  if (!origin)
    return NULL;
  const AmdsyncPtrVec *vecs[] = {&p->accesses, &p->barriers, &p->waits};
  for (int v = 0; v < 3; ++v)
    for (int i = 0; i < vecs[v]->count; ++i) {
      const AmdsyncNode *n = vecs[v]->items[i];
      if (n->origin == origin)
        return n;
    }
  return NULL;
}

/* The block whose branch is `origin`, or NULL. */
static const AmdsyncBlock *branchBlockOf(const AmdsyncCfg *g,
                                         const void *origin) {
  for (int i = 0; origin && i < g->nblocks; ++i)
    if (g->blocks[i]->branch_origin == origin && g->blocks[i]->rpo >= 0)
      return g->blocks[i];
  return NULL;
}

/* The loop span a loop-carried window wraps around, as [lo, hi]. */
static void windowExtent(const Layout *L, const AmdsyncWindow *w, int *lo,
                         int *hi) {
  int xp = opX(L, w->producer), xc = opX(L, w->consumer);
  if (w->carrier >= 0) {
    *lo = L->loop_lo[w->carrier];
    *hi = L->loop_hi[w->carrier];
    return;
  }
  *lo = xp < xc ? xp : xc;
  *hi = xp < xc ? xc : xp;
}

/* First-fit rows for `n` intervals [lo[i], hi[i]] taken in order `order`;
   returns the number of rows. `ends` has room for n rows. */
static int packRows(int n, const int *order, const int *lo, const int *hi,
                    int *row, int *ends) {
  int rows = 0;
  for (int k = 0; k < n; ++k) {
    int i = order[k], r = 0;
    while (r < rows && ends[r] >= lo[i])
      r++;
    if (r == rows)
      rows++;
    ends[r] = hi[i] + 6;
    row[i] = r;
  }
  return rows;
}

typedef struct {
  int key, index;
} Keyed;

static int byKey(const void *a, const void *b) {
  const Keyed *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Indices 0..n-1 sorted by `key` (ties: by index). */
static int *sortedBy(AmdsyncArena *a, int n, const int *key) {
  Keyed *k = amdsyncArenaAlloc(a, sizeof(Keyed) * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    k[i] = (Keyed){key[i], i};
  qsort(k, (size_t)n, sizeof(Keyed), byKey);
  int *order = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    order[i] = k[i].index;
  return order;
}

/* The placed ops' labels, for their rows. */
static const char *placementWhat(const AmdsyncPicture *pic,
                                 const AmdsyncPlacement *pc) {
  return pc->wave ? "wave point" : pic->split ? "wait" : "barrier";
}

/* How many times gap `gap`'s block runs per function entry, as the
   placement weighs it: the product of its loops' trips, a header that
   exits its loop once more; an unknown count is `n` (the placement takes
   AMDSYNC_UNKNOWN_TRIPS). Into `buf`. */
static void executedCount(const AmdsyncCfg *g, const AmdsyncBlock *b,
                          char *buf, size_t size) {
  if (b->rpo < 0) {
    snprintf(buf, size, "0");
    return;
  }
  double known = 1.0;
  char sym[96] = "";
  size_t len = 0;
  for (int L = b->loop; L >= 0; L = g->loops[L].parent) {
    const AmdsyncLoop *l = &g->loops[L];
    bool exits = false;
    if (l->header == b->id)
      for (int k = 0; k < b->nsucc && !exits; ++k)
        exits = !amdsyncCfgLoopWithin(g, b->succ[k]->loop, L);
    if (l->trips >= 0) {
      known *= (double)(l->trips < 1 ? 1 : l->trips) + (exits ? 1.0 : 0.0);
      if (known > 1e18)
        known = 1e18;
    } else if (len + 8 < sizeof sym) {
      len += (size_t)snprintf(sym + len, sizeof sym - len, "%s%s",
                              len ? "·" : "", exits ? "(n+1)" : "n");
    }
  }
  if (len == 0)
    snprintf(buf, size, "%.0f", known);
  else if (known == 1.0)
    snprintf(buf, size, "%s", sym);
  else
    snprintf(buf, size, "%.0f·%s", known, sym);
}

/* "×N" for the executed count at gap `gap`. */
static void countLabel(const Layout *L, int gap, char *buf, size_t size) {
  char c[128];
  executedCount(L->g, amdsyncCfgGapBlock(L->g, gap), c, sizeof c);
  snprintf(buf, size, "×%s", c);
}

/* The short form of a refused pair's reason: the message without a
   leading "amdsync: ", up to its next ": " (at most 90 characters). */
static void shortReason(const char *message, char *buf, size_t size) {
  if (strncmp(message, "amdsync: ", 9) == 0)
    message += 9;
  const char *end = strstr(message, ": ");
  size_t n = end ? (size_t)(end - message) : strlen(message);
  if (n > 90)
    n = 90;
  if (n >= size)
    n = size - 1;
  memcpy(buf, message, n);
  buf[n] = '\0';
}

/* Lines of `message` wrapped at WRAP characters (at a space where there
   is one). */
static int wrappedLines(const char *message) {
  int lines = 0;
  size_t len = strlen(message), at = 0;
  while (at < len) {
    size_t n = len - at;
    if (n > WRAP) {
      n = WRAP;
      while (n > WRAP / 2 && message[at + n] != ' ')
        n--;
    }
    at += n;
    while (message[at] == ' ')
      at++;
    lines++;
  }
  return lines ? lines : 1;
}

/* The legend under the picture. */
static const char *const kLegend[] = {
    "Program order left to right: the blocks in reverse post-order, each "
    "loop's blocks together (shaded, with its trips).",
    "W: write, R: read, RW, A, D, C: read-write, atomic, DMA, call. A window "
    "runs from its producer (dot) to its consumer (arrow);",
    "its ticks are the positions that order it; dashed: loop-carried, "
    "around the loop's back edge.",
    "×N: executed count per function entry (n: a loop of unknown trips). "
    "Black: barrier or split wait; pink: split signal,",
    "bracketed with its wait; green dashed: wave-level ordering point; "
    "gray: the input's own; red: refused, with the reason.",
};
enum { NLEGEND = sizeof kLegend / sizeof kLegend[0] };

static void layout(Layout *L) {
  const AmdsyncProgram *p = L->p;
  const AmdsyncCfg *g = L->g;
  AmdsyncArena *a = p->arena;
  const AmdsyncPicture *pic = L->pic;

  /* The axis: blocks in work order. */
  int nops = 0;
  for (int i = 0; i < g->nblocks; ++i)
    nops += g->blocks[i]->nops;
  L->col = nops > 400 ? 12 : 30;
  L->bx = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(g->nblocks + 1));
  for (int i = 0; i < g->nblocks; ++i)
    L->bx[i] = -1;
  int x = LEFT;
  for (int k = 0; k < g->nreachable; ++k) {
    const AmdsyncBlock *b = g->blocks[g->work_order[k]];
    L->bx[b->id] = x;
    x += (b->nops ? b->nops : 1) * L->col + BLOCK_PAD;
  }
  L->width = x;

  /* Loops: spans over their blocks, contiguous in work order. */
  L->loop_lo = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(g->nloops + 1));
  L->loop_hi = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(g->nloops + 1));
  for (int l = 0; l < g->nloops; ++l) {
    L->loop_lo[l] = INT32_MAX;
    L->loop_hi[l] = -1;
    if (g->loops[l].depth > L->max_depth)
      L->max_depth = g->loops[l].depth;
  }
  for (int i = 0; i < g->nblocks; ++i) {
    const AmdsyncBlock *b = g->blocks[i];
    if (L->bx[i] < 0)
      continue;
    for (int l = b->loop; l >= 0; l = g->loops[l].parent) {
      if (L->bx[i] - 4 < L->loop_lo[l])
        L->loop_lo[l] = L->bx[i] - 4;
      if (blockEnd(L, b) + 4 > L->loop_hi[l])
        L->loop_hi[l] = blockEnd(L, b) + 4;
    }
  }

  /* Lanes: one per resource, and one for refused ops on none. */
  L->nlanes = p->nresources + 1;
  L->lane_rows = amdsyncArenaAlloc(a, sizeof(int) * (size_t)L->nlanes);
  L->lane_err_rows = amdsyncArenaAlloc(a, sizeof(int) * (size_t)L->nlanes);
  L->lane_y = amdsyncArenaAlloc(a, sizeof(int) * (size_t)L->nlanes);

  /* Windows: packed in rows per lane, by their start. */
  const AmdsyncWindowSet *ws = pic->windows;
  L->nwindows = ws ? (ws->count < MAX_WINDOWS ? ws->count : MAX_WINDOWS) : 0;
  int nw = L->nwindows;
  int *lo = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  int *hi = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  L->lane_of = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  L->row_of = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  for (int i = 0; i < nw; ++i) {
    const AmdsyncWindow *w = &ws->items[i];
    windowExtent(L, w, &lo[i], &hi[i]);
    hi[i] += textWidth("loop-carried WAW");
    L->lane_of[i] = w->producer->u.access.resource;
  }
  int *order = sortedBy(a, nw, lo);
  int *ends = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  int *sub = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(nw + 1));
  for (int lane = 0; lane < p->nresources; ++lane) {
    int n = 0;
    for (int k = 0; k < nw; ++k)
      if (L->lane_of[order[k]] == lane)
        sub[n++] = order[k];
    L->lane_rows[lane] = packRows(n, sub, lo, hi, L->row_of, ends);
  }

  /* Refused pairs: a row each in the lane of the op they are at. */
  const AmdsyncPictureLog *log = pic->refused;
  int ne = log ? log->count : 0;
  L->err_lane = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(ne + 1));
  L->err_row = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(ne + 1));
  for (int e = 0; e < ne; ++e) {
    const AmdsyncPictureError *err = &log->items[e];
    const AmdsyncNode *n = nodeOf(p, err->origin);
    int lane = -1;
    if (n && opX(L, n) >= 0)
      lane = n->kind == AMDSYNC_NODE_ACCESS ? n->u.access.resource
                                            : p->nresources;
    L->err_lane[e] = lane;
    if (lane >= 0)
      L->err_row[e] = L->lane_err_rows[lane]++;
  }

  /* Placement labels: rows by their x. */
  const AmdsyncPlacementResult *r = pic->placement;
  int np = r ? r->count : 0;
  int *plo = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(np + 1));
  int *phi = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(np + 1));
  L->place_row = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(np + 1));
  for (int i = 0; i < np; ++i) {
    const AmdsyncPlacement *pc = &r->items[i];
    int xw = gapX(L, pc->gap);
    int xs = pic->split && !pc->wave && pc->signal_gap >= 0
                 ? gapX(L, pc->signal_gap)
                 : xw;
    int lo = xs < xw ? xs : xw, hi = xs < xw ? xw : xs;
    for (int k = -1; k < pc->npeel_waits; ++k) {
      int gap = k < 0 ? pc->peel_signal_gap : pc->peel_wait_gaps[k];
      int x = gap >= 0 ? gapX(L, gap) : -1;
      if (x < 0)
        continue;
      if (k < 0) /* its label left of it */
        x -= textWidth("peeled signal ×(n+1)·(n+1)");
      lo = x < lo ? x : lo;
      hi = x > hi ? x : hi;
    }
    plo[i] = lo - 2;
    phi[i] = hi + textWidth("peeled signal ×(n+1)·(n+1)");
  }
  int *porder = sortedBy(a, np, plo);
  int *pends = amdsyncArenaAlloc(a, sizeof(int) * (size_t)(np + 1));
  L->place_rows = packRows(np, porder, plo, phi, L->place_row, pends);

  /* Bands. */
  L->control_y = 52;
  L->place_y = L->control_y + 50 + L->max_depth * 14 + 8;
  L->lanes_y = L->place_y + (L->place_rows ? L->place_rows : 1) * 2 * ROW + 8;
  int y = L->lanes_y;
  for (int lane = 0; lane < L->nlanes; ++lane) {
    L->lane_y[lane] = y;
    if (lane == p->nresources && L->lane_err_rows[lane] == 0)
      continue; /* no refused op outside the resources' lanes */
    y += LANE_HEAD + (L->lane_rows[lane] + L->lane_err_rows[lane]) * ROW + 10;
  }
  L->footer_y = y + 14;
  int lines = 0, widest = 0;
  for (int e = 0; e < ne; ++e)
    lines += wrappedLines(log->items[e].message);
  if (ne) {
    lines += 1;
    widest = WRAP * 13 / 2 + 60;
  }
  L->height = L->footer_y + lines * ROW + NLEGEND * 14 + 16;
  for (int i = 0; i < NLEGEND; ++i)
    if (textWidth(kLegend[i]) * 10 / 11 > widest)
      widest = textWidth(kLegend[i]) * 10 / 11;
  L->total_width = L->width + 160;
  if (L->total_width < widest + 20)
    L->total_width = widest + 20;
  if (L->total_width < 760)
    L->total_width = 760;
}

/*===--- Drawing -----------------------------------------------------------------===*/

static const char *kindColor(AmdsyncHazardKind k) {
  return k == AMDSYNC_HAZARD_RAW   ? "#1f5fbf"
         : k == AMDSYNC_HAZARD_WAR ? "#8a2be2"
                                   : "#0f8a7a";
}

static const char *kindMarker(AmdsyncHazardKind k) {
  return k == AMDSYNC_HAZARD_RAW   ? "raw"
         : k == AMDSYNC_HAZARD_WAR ? "war"
                                   : "waw";
}

static const char *resourceKind(AmdsyncResourceKind k) {
  switch (k) {
  case AMDSYNC_RES_ALLOCATION: return "allocation";
  case AMDSYNC_RES_GLOBAL: return "global";
  case AMDSYNC_RES_ARGUMENT: return "argument";
  case AMDSYNC_RES_UNKNOWN: return "any memory";
  case AMDSYNC_RES_ARGUMENT_ALLOCATION: return "argument allocation";
  }
  return "?";
}

/* `<title>` with op `origin`'s description (nothing without one). */
static void putDescription(const Layout *L, const char *lead, void *origin) {
  const AmdsyncDiagnostics *d = L->pic->diag;
  char buf[512] = "";
  if (d && d->describe && origin)
    d->describe(d->ctx, origin, buf, sizeof buf);
  fputs(lead, L->f);
  putEscaped(L->f, buf[0] ? buf : "an op");
}

static void text(FILE *f, int x, int y, const char *attrs, const char *s) {
  fprintf(f, "<text x=\"%d\" y=\"%d\"%s%s>", x, y, attrs[0] ? " " : "", attrs);
  putEscaped(f, s);
  fputs("</text>\n", f);
}

static void drawHeader(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncPicture *pic = L->pic;
  const AmdsyncPlacementResult *r = pic->placement;
  int barriers = 0, points = 0;
  for (int i = 0; r && i < r->count; ++i)
    if (r->items[i].wave)
      points++;
    else
      barriers++;
  int refused = pic->refused ? pic->refused->count : 0;
  fprintf(f,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
          "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, "
          "Helvetica, Arial, sans-serif\" font-size=\"11\">\n",
          L->total_width, L->height, L->total_width, L->height);
  fputs("<title>amdsync: @", f);
  putEscaped(f, pic->function ? pic->function : "?");
  fputs("</title>\n<defs>\n", f);
  static const char *const kMarkers[][2] = {{"raw", "#1f5fbf"},
                                             {"war", "#8a2be2"},
                                             {"waw", "#0f8a7a"},
                                             {"red", "#d00000"}};
  for (int i = 0; i < 4; ++i)
    fprintf(f,
            "<marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker>\n",
            kMarkers[i][0], kMarkers[i][1]);
  fputs("</defs>\n", f);
  fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
          L->total_width, L->height);
  char title[600];
  snprintf(title, sizeof title, "amdsync: @%s on %s",
           pic->function ? pic->function : "?",
           pic->target ? pic->target : "?");
  text(f, 12, 22, "font-size=\"15\" font-weight=\"bold\"", title);
  char sub[400];
  int nw = pic->windows ? pic->windows->count : 0;
  snprintf(sub, sizeof sub,
           "%d hazard window(s)%s, %d %s, %d wave ordering point(s)%s%s",
           nw, nw > L->nwindows ? " (the first 4096 drawn)" : "", barriers,
           pic->split ? "split signal/wait pair(s)" : "barrier(s)", points,
           refused ? "; refused: " : "",
           refused ? "see the reasons below" : "");
  text(f, 12, 40, "fill=\"#444444\"", sub);
}

static void drawControl(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncCfg *g = L->g;
  int top = L->control_y, bottom = L->footer_y - 14;
  /* Loop spans, outermost first, shaded through every lane. */
  for (int l = 0; l < g->nloops; ++l) {
    const AmdsyncLoop *lp = &g->loops[l];
    if (L->loop_hi[l] < 0)
      continue;
    int y = top + 50 + (lp->depth - 1) * 14;
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
            "fill=\"#e8a33c\" fill-opacity=\"0.10\" stroke=\"#c98a2a\" "
            "stroke-opacity=\"0.5\"/>\n",
            L->loop_lo[l], y - 10, L->loop_hi[l] - L->loop_lo[l],
            bottom - (y - 10));
    char label[160];
    if (lp->trips >= 0)
      snprintf(label, sizeof label, "loop (b%d): %lld trip(s)%s", lp->header,
               (long long)lp->trips, lp->nheaders > 1 ? ", irreducible" : "");
    else
      snprintf(label, sizeof label,
               "loop (b%d): n trips (unknown; the placement weighs %d)%s",
               lp->header, AMDSYNC_UNKNOWN_TRIPS,
               lp->nheaders > 1 ? ", irreducible" : "");
    text(f, L->loop_lo[l] + 3, y, "fill=\"#8a5a10\"", label);
  }
  /* Blocks: name, divergence, branch. */
  for (int k = 0; k < g->nreachable; ++k) {
    const AmdsyncBlock *b = g->blocks[g->work_order[k]];
    int x0 = L->bx[b->id], x1 = blockEnd(L, b);
    char name[32];
    snprintf(name, sizeof name, "b%d", b->id);
    text(f, x0, top + 12, "fill=\"#666666\" font-size=\"10\"", name);
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bbbbbb\" "
            "stroke-dasharray=\"2,3\"/>\n",
            x0, top + 14, x0, bottom);
    if (b->divergent)
      fprintf(f,
              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"4\" "
              "fill=\"#f07c00\"><title>divergent: lanes of the workgroup "
              "may run this block and others not</title></rect>\n",
              x0, top + 27, x1 - x0 > 4 ? x1 - x0 : 4);
    if (b->nsucc >= 2) {
      const char *color = b->branch_uniform ? "#555555" : "#f07c00";
      fprintf(f,
              "<path d=\"M%d,%d l5,5 l-5,5 l-5,-5 z\" fill=\"%s\"><title>%s "
              "branch to",
              x1, top + 14, color,
              b->branch_uniform ? "uniform" : "divergent");
      for (int s = 0; s < b->nsucc; ++s)
        fprintf(f, " b%d", b->succ[s]->id);
      fputs("</title></path>\n", f);
      text(f, x1 + 6, top + 23,
           b->branch_uniform ? "fill=\"#555555\" font-size=\"9\""
                             : "fill=\"#f07c00\" font-size=\"9\"",
           b->branch_uniform ? "branch" : "divergent branch");
    }
  }
}

/* The input's barriers, marks and waits: on the control band's axis, and
   barriers as gray lines through the lanes. */
static void drawInputSync(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncProgram *p = L->p;
  int axis = L->control_y + 38, bottom = L->footer_y - 14;
  for (int i = 0; i < p->barriers.count; ++i) {
    const AmdsyncNode *n = p->barriers.items[i];
    int x = opX(L, n);
    if (x < 0)
      continue;
    static const char *const kOps[] = {"input barrier", "input wave point",
                                       "input signal", "input wait"};
    const char *what = kOps[n->u.barrier.op];
    char count[128], label[200];
    executedCount(L->g, n->block, count, sizeof count);
    snprintf(label, sizeof label, "%s ×%s", what, count);
    fprintf(f, "<g><title>");
    putDescription(L, "", n->origin);
    fprintf(f, "</title>\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
               "stroke=\"#777777\" stroke-width=\"2\"%s/>\n",
            x, axis, x, bottom,
            n->u.barrier.op == AMDSYNC_BARRIER_WAVE ? " stroke-dasharray=\"4,3\""
                                                     : "");
    text(f, x + 3, axis + 8, "fill=\"#555555\" font-size=\"10\"", label);
    fputs("</g>\n", f);
  }
  for (int i = 0; i < p->waits.count; ++i) {
    const AmdsyncNode *n = p->waits.items[i];
    int x = opX(L, n);
    if (x < 0)
      continue;
    char label[64];
    if (n->kind == AMDSYNC_NODE_MARK)
      snprintf(label, sizeof label, "mark");
    else
      snprintf(label, sizeof label, "wait %d", n->u.wait.count);
    fprintf(f, "<g><title>");
    putDescription(L, "", n->origin);
    fprintf(f, "</title><rect x=\"%d\" y=\"%d\" width=\"6\" height=\"6\" "
               "fill=\"#999999\"/>\n",
            x - 3, axis - 3);
    text(f, x + 5, axis + 3, "fill=\"#777777\" font-size=\"9\"", label);
    fputs("</g>\n", f);
  }
}

/* One inserted op: a vertical line from its label through the lanes. */
static void drawPlaced(const Layout *L, int x, int y, const char *what,
                       int gap, const char *stroke, const char *dash,
                       bool left) {
  FILE *f = L->f;
  char count[160], label[200];
  countLabel(L, gap, count, sizeof count);
  snprintf(label, sizeof label, "%s %s", what, count);
  fprintf(f,
          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
          "stroke-width=\"2\"%s/>\n",
          x, y + 3, x, L->footer_y - 14, stroke, dash);
  text(L->f, left ? x - 3 : x + 3, y,
       left ? "font-weight=\"bold\" text-anchor=\"end\""
            : "font-weight=\"bold\"",
       label);
}

static void drawPlacements(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncPicture *pic = L->pic;
  const AmdsyncPlacementResult *r = pic->placement;
  for (int i = 0; r && i < r->count; ++i) {
    const AmdsyncPlacement *pc = &r->items[i];
    int y = L->place_y + L->place_row[i] * 2 * ROW + 12;
    int xw = gapX(L, pc->gap);
    if (xw < 0)
      continue;
    fputs("<g>", f);
    if (pc->reason) {
      fputs("<title>", f);
      fprintf(f, "%s for the %s hazard between ", placementWhat(pic, pc),
              amdsyncHazardName(pc->reason->kind));
      putDescription(L, "", pc->reason->producer->origin);
      putDescription(L, " and ", pc->reason->consumer->origin);
      fputs("</title>", f);
    }
    fputc('\n', f);
    if (pc->wave || !pic->split) {
      drawPlaced(L, xw, y, pc->wave ? "wave point" : "barrier", pc->gap,
                 pc->wave ? "#2e8b57" : "#202020",
                 pc->wave ? " stroke-dasharray=\"5,3\"" : "", false);
      fputs("</g>\n", f);
      continue;
    }
    /* A split pair: the signal, the wait and a bracket between them. */
    int sg = pc->signal_gap >= 0 ? pc->signal_gap : pc->gap;
    int xs = gapX(L, sg);
    if (sg == pc->gap)
      xs += pc->signal_after_wait ? 4 : -4;
    drawPlaced(L, xw, y + ROW, "wait", pc->gap, "#202020", "", false);
    drawPlaced(L, xs, y, pc->signal_fallback ? "signal (fallback)" : "signal",
               sg, "#c03060", " stroke-dasharray=\"6,2\"", false);
    int lo = xs < xw ? xs : xw, hi = xs < xw ? xw : xs;
    fprintf(f,
            "<path d=\"M%d,%d v-5 H%d v5\" fill=\"none\" stroke=\"#c03060\" "
            "stroke-width=\"1.5\"/>\n",
            lo, y + ROW + 4, hi);
    if (pc->peel_signal_gap >= 0) {
      int xp = gapX(L, pc->peel_signal_gap);
      if (xp >= 0)
        drawPlaced(L, xp, y, "peeled signal", pc->peel_signal_gap, "#c03060",
                   " stroke-dasharray=\"2,2\"", true); /* before the loop */
    }
    for (int k = 0; k < pc->npeel_waits; ++k) {
      int xp = gapX(L, pc->peel_wait_gaps[k]);
      if (xp >= 0)
        drawPlaced(L, xp, y + ROW, "peeled wait", pc->peel_wait_gaps[k],
                   "#202020", " stroke-dasharray=\"2,2\"", false);
    }
    fputs("</g>\n", f);
  }
}

static void drawAccess(const Layout *L, const AmdsyncNode *n, int y) {
  FILE *f = L->f;
  int x = opX(L, n);
  if (x < 0)
    return;
  unsigned fl = n->u.access.flags;
  const char *letter = fl & AMDSYNC_ACCESS_CALL   ? "C"
                       : fl & AMDSYNC_ACCESS_DMA  ? "D"
                       : fl & AMDSYNC_ACCESS_ATOMIC ? "A"
                       : (fl & AMDSYNC_ACCESS_READ) && (fl & AMDSYNC_ACCESS_WRITE)
                           ? "RW"
                       : fl & AMDSYNC_ACCESS_WRITE ? "W"
                                                   : "R";
  bool writes = fl & AMDSYNC_ACCESS_WRITE;
  fputs("<g><title>", f);
  putDescription(L, "", n->origin);
  if (n->u.access.counter != AMDSYNC_COUNTER_NONE)
    fputs(" (asynchronous)", f);
  fputs("</title>", f);
  if (writes)
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"14\" rx=\"2\" "
            "fill=\"#fde3c8\" stroke=\"#b05000\"/>",
            x - 8, y - 7);
  else
    fprintf(f,
            "<circle cx=\"%d\" cy=\"%d\" r=\"8\" fill=\"#d6e6fb\" "
            "stroke=\"#1f5fbf\"/>",
            x, y);
  fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%s"
             "</text></g>\n",
          x, y + 3, letter);
}

static void drawWindow(const Layout *L, int i, int y) {
  FILE *f = L->f;
  const AmdsyncWindow *w = &L->pic->windows->items[i];
  int xp = opX(L, w->producer), xc = opX(L, w->consumer);
  if (xp < 0 || xc < 0)
    return;
  const char *color = kindColor(w->kind);
  const char *marker = kindMarker(w->kind);
  fputs("<g><title>", f);
  fprintf(f, "%s%s hazard on ", w->carrier >= 0 ? "loop-carried " : "",
          amdsyncHazardName(w->kind));
  putEscaped(f, L->p->resources[w->producer->u.access.resource].name);
  AmdsyncNode **producers;
  int n = amdsyncWindowProducers(L->p, w, &producers);
  putDescription(L, ": from ", w->producer->origin);
  if (n > 1)
    fprintf(f, " (and %d earlier producer(s))", n - 1);
  putDescription(L, " to ", w->consumer->origin);
  fprintf(f, "; %d position(s) a barrier may take%s</title>\n", w->ngaps,
          w->wave_local ? ", or a wave-level ordering point" : "");
  char label[64];
  snprintf(label, sizeof label, "%s%s%s", amdsyncHazardName(w->kind),
           w->carrier >= 0 ? " loop-carried" : "",
           w->wave_local ? " (one wave)" : "");
  if (w->carrier < 0) {
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
            "stroke-width=\"2\" marker-end=\"url(#%s)\"/>\n",
            xp, y, xc, y, color, marker);
  } else {
    int lo = L->loop_lo[w->carrier], hi = L->loop_hi[w->carrier];
    fprintf(f,
            "<path d=\"M%d,%d H%d M%d,%d H%d\" fill=\"none\" stroke=\"%s\" "
            "stroke-width=\"2\" stroke-dasharray=\"6,3\" "
            "marker-end=\"url(#%s)\"/>\n",
            xp, y, hi, lo, y, xc, color, marker);
  }
  fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n", xp, y,
          color);
  for (int k = 0; k < w->ngaps && k < MAX_TICKS; ++k) {
    int x = gapX(L, w->gaps[k]);
    if (x >= 0)
      fprintf(f,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
              "stroke-opacity=\"0.6\"/>\n",
              x, y - 4, x, y + 4, color);
  }
  int lx = (w->carrier < 0 ? (xp > xc ? xp : xc) : L->loop_hi[w->carrier]) + 6;
  char attrs[64];
  snprintf(attrs, sizeof attrs, "fill=\"%s\" font-size=\"10\"", color);
  text(f, lx, y + 4, attrs, label);
  fputs("</g>\n", f);
}

static void drawRefused(const Layout *L, int e, int y, int number) {
  FILE *f = L->f;
  const AmdsyncPictureError *err = &L->pic->refused->items[e];
  const AmdsyncNode *at = nodeOf(L->p, err->origin);
  int xo = opX(L, at);
  int hi = xo;
  fputs("<g><title>", f);
  putEscaped(f, err->message);
  fputs("</title>\n", f);
  for (int k = 0; k < err->n; ++k) {
    int x = opX(L, nodeOf(L->p, err->others[k]));
    if (x < 0)
      continue;
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d00000\" "
            "stroke-width=\"2.5\" marker-end=\"url(#red)\"/>\n"
            "<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"#d00000\"/>\n",
            x, y, xo, y, x, y);
    hi = x > hi ? x : hi;
  }
  const AmdsyncBlock *br = branchBlockOf(L->g, err->branch);
  if (br) {
    int xb = blockEnd(L, br);
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d00000\" "
            "stroke-dasharray=\"3,2\" marker-end=\"url(#red)\"/>\n",
            xb, y, xo, y);
    hi = xb > hi ? xb : hi;
  }
  fprintf(f,
          "<path d=\"M%d,%d l5,-5 M%d,%d l-5,-5 M%d,%d l5,5 M%d,%d l-5,5\" "
          "stroke=\"#d00000\" stroke-width=\"2\"/>\n",
          xo, y, xo, y, xo, y, xo, y);
  char reason[128], label[160];
  shortReason(err->message, reason, sizeof reason);
  snprintf(label, sizeof label, "✗%d refused: %s", number, reason);
  text(f, hi + 8, y + 4, "fill=\"#d00000\" font-weight=\"bold\"", label);
  fputs("</g>\n", f);
}

static void drawLanes(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncProgram *p = L->p;
  const AmdsyncPictureLog *log = L->pic->refused;
  for (int lane = 0; lane < L->nlanes; ++lane) {
    bool extra = lane == p->nresources;
    if (extra && L->lane_err_rows[lane] == 0)
      continue;
    int y = L->lane_y[lane];
    fprintf(f,
            "<line x1=\"8\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#cccccc\"/>\n",
            y, L->total_width - 8, y);
    int axis = y + LANE_HEAD / 2 + 2;
    if (extra) {
      text(f, 12, axis + 4, "font-weight=\"bold\"", "(no resource)");
    } else {
      const AmdsyncResource *res = &p->resources[lane];
      char name[96];
      size_t n = strlen(res->name);
      if (n > 28) /* the whole name in the tooltip */
        snprintf(name, sizeof name, "%.26s…", res->name);
      else
        snprintf(name, sizeof name, "%s", res->name);
      fputs("<g><title>", f);
      putEscaped(f, res->name);
      fputs("</title>", f);
      text(f, 12, axis, "font-weight=\"bold\" font-size=\"12\"", name);
      fputs("</g>\n", f);
      text(f, 12, axis + 12, "fill=\"#777777\" font-size=\"9\"",
           resourceKind(res->kind));
      fprintf(f,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
              "stroke=\"#999999\"/>\n",
              LEFT - 6, axis, L->width, axis);
      for (int i = 0; i < p->accesses.count; ++i) {
        const AmdsyncNode *n = p->accesses.items[i];
        if (n->u.access.resource == lane)
          drawAccess(L, n, axis);
      }
    }
    int rows_y = y + LANE_HEAD + ROW / 2;
    for (int i = 0; i < L->nwindows; ++i)
      if (L->lane_of[i] == lane)
        drawWindow(L, i, rows_y + L->row_of[i] * ROW);
    int first_err = rows_y + L->lane_rows[lane] * ROW;
    for (int e = 0; log && e < log->count; ++e)
      if (L->err_lane[e] == lane)
        drawRefused(L, e, first_err + L->err_row[e] * ROW, e + 1);
  }
}

static void drawFooter(const Layout *L) {
  FILE *f = L->f;
  const AmdsyncPictureLog *log = L->pic->refused;
  int y = L->footer_y + 4;
  if (log && log->count) {
    text(f, 12, y, "fill=\"#d00000\" font-weight=\"bold\"",
         "Refused (the errors, as reported):");
    y += ROW;
    for (int e = 0; e < log->count; ++e) {
      const char *m = log->items[e].message;
      size_t len = strlen(m), at = 0;
      bool first = true;
      while (at < len) {
        size_t n = len - at;
        if (n > WRAP) {
          n = WRAP;
          while (n > WRAP / 2 && m[at + n] != ' ')
            n--;
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#d00000\">", first ? 12 : 40,
                y);
        if (first)
          fprintf(f, "✗%d ", e + 1);
        putEscapedN(f, m + at, n);
        fputs("</text>\n", f);
        first = false;
        at += n;
        while (m[at] == ' ')
          at++;
        y += ROW;
      }
    }
  }
  y += 4;
  for (int i = 0; i < NLEGEND; ++i)
    text(f, 12, y + i * 14, "fill=\"#555555\" font-size=\"10\"", kLegend[i]);
}

bool amdsyncPictureWrite(const AmdsyncProgram *p, const AmdsyncPicture *pic,
                         FILE *f) {
  Layout L;
  memset(&L, 0, sizeof L);
  L.p = p;
  L.g = p->cfg;
  L.pic = pic;
  L.f = f;
  layout(&L);
  drawHeader(&L);
  drawControl(&L);
  drawInputSync(&L);
  drawLanes(&L);
  drawPlacements(&L);
  drawFooter(&L);
  fputs("</svg>\n", f);
  return !ferror(f);
}

/*===--- Files -----------------------------------------------------------------===*/

char *amdsyncPicturePath(AmdsyncArena *arena, const char *path,
                         const char *function) {
  size_t n = strlen(path);
  if (n >= 4 && strcmp(path + n - 4, ".svg") == 0)
    n -= 4;
  const char *fn = function && *function ? function : "function";
  size_t m = strlen(fn);
  char *out = amdsyncArenaAlloc(arena, n + m + 6);
  memcpy(out, path, n);
  out[n] = '.';
  for (size_t i = 0; i < m; ++i) {
    char c = fn[i];
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    out[n + 1 + i] = keep ? c : '_';
  }
  memcpy(out + n + 1 + m, ".svg", 5);
  return out;
}
