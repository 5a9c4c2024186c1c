/* The compiled core of the exact open-hands solver (engine/solver.py).
 *
 * The same search as the pure-Python Solver in engine/solver.py, step for step: the
 * zero-window alpha-beta over bitmasks, the transposition table of (lo, hi, best) at trick
 * boundaries, the quick bounds, the static move ordering, the killer / best-move memory, the
 * equivalent-tile pruning, the greedy guess and the probes that narrow the value. It visits
 * the same nodes in the same order, keeps the same tables (cleared at the same moments), and
 * so counts the same nodes: the computer players' work budgets, counted in nodes, are spent
 * at the same points whichever core runs. The per-trump tables come from Python
 * (TrumpTables._packed), so the rules stay in one place.
 *
 * A CPython C-API extension (built by setup.py with the machine's C compiler); engine/solver.py
 * falls back to the pure-Python search when it is not built.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NTILES 28
#define NCTX 8
#define LEAD_CTX 8 /* the moves_of context for a lead */
#define SENTINEL (1u << 28)
#define TT_LIMIT (1u << 18)
#define MAP_INIT_BITS 10
#define MAP_KEEP_BITS 12 /* a reset keeps a table this big, frees a bigger one */
#define EMPTY_KEY UINT64_MAX
#define NO_GUESS INT_MIN

enum { PROBE_BINARY = 0, PROBE_UPWARD = 1, PROBE_GUESS = 2 }; /* the order of solver.PROBES */

/* -- an exact hash map: uint64 key -> (lo, hi, best) ---------------------------------------- */

typedef struct {
    uint64_t key;
    int8_t lo, hi, best, pad;
} Slot;

typedef struct {
    Slot *slots; /* NULL until the first insertion */
    uint32_t mask;
    uint32_t count;
    int shift;
} Map;

static int map_alloc(Map *m, int bits) {
    size_t cap = (size_t)1 << bits;
    Slot *s = (Slot *)malloc(cap * sizeof(Slot));
    if (s == NULL) return -1;
    memset(s, 0xff, cap * sizeof(Slot));
    m->slots = s;
    m->mask = (uint32_t)(cap - 1);
    m->count = 0;
    m->shift = 64 - bits;
    return 0;
}

static void map_free(Map *m) {
    free(m->slots);
    m->slots = NULL;
    m->mask = 0;
    m->count = 0;
}

/* Empty the map (as a new Python dict). */
static void map_reset(Map *m) {
    if (m->slots == NULL || m->count == 0) return;
    if (m->mask + 1 > (1u << MAP_KEEP_BITS)) {
        map_free(m);
    } else {
        memset(m->slots, 0xff, ((size_t)m->mask + 1) * sizeof(Slot));
        m->count = 0;
    }
}

static inline uint32_t map_hash(const Map *m, uint64_t key) {
    return (uint32_t)((key * 0x9E3779B97F4A7C15ULL) >> m->shift);
}

static inline Slot *map_get(const Map *m, uint64_t key) {
    if (m->slots == NULL) return NULL;
    uint32_t i = map_hash(m, key);
    for (;;) {
        Slot *s = &m->slots[i];
        if (s->key == key) return s;
        if (s->key == EMPTY_KEY) return NULL;
        i = (i + 1) & m->mask;
    }
}

static int map_grow(Map *m) {
    Map bigger;
    int bits = 64 - m->shift + 1;
    if (map_alloc(&bigger, bits) < 0) return -1;
    for (uint32_t i = 0; i <= m->mask; i++) {
        Slot *s = &m->slots[i];
        if (s->key == EMPTY_KEY) continue;
        uint32_t j = map_hash(&bigger, s->key);
        while (bigger.slots[j].key != EMPTY_KEY) j = (j + 1) & bigger.mask;
        bigger.slots[j] = *s;
    }
    bigger.count = m->count;
    free(m->slots);
    *m = bigger;
    return 0;
}

/* The slot of ``key``, inserted if missing (NULL when out of memory). */
static Slot *map_put(Map *m, uint64_t key) {
    if (m->slots == NULL) {
        if (map_alloc(m, MAP_INIT_BITS) < 0) return NULL;
    } else if ((m->count + 1) * 2 > m->mask + 1) {
        if (map_grow(m) < 0) return NULL;
    }
    uint32_t i = map_hash(m, key);
    for (;;) {
        Slot *s = &m->slots[i];
        if (s->key == key) return s;
        if (s->key == EMPTY_KEY) {
            s->key = key;
            m->count++;
            return s;
        }
        i = (i + 1) & m->mask;
    }
}

/* -- the solver ------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int n;
    int use_tt, keep_tt, quick, order, killers_on, equiv_on, probe;
    /* the per-trump tables (TrumpTables) */
    int lead_ctx[NTILES];
    int power[NCTX][NTILES];
    uint32_t follow[NCTX];
    uint32_t trump_mask;
    int n_trump_order;
    uint32_t trump_order[NTILES];
    uint32_t suit_members[7];
    int suit_len[7];
    uint32_t suit_bit[7][NTILES];
    int suit_leads[7][NTILES];
    int lead_key[NTILES];
    int follow_key[NCTX][NTILES];
    uint32_t equiv[NTILES][NTILES];
    /* kept between calls */
    Map tts[16]; /* one transposition table per side */
    Map fresh;   /* the throw-away table of a probe when keep_tt is off */
    Map killers;
    uint32_t owner[4];
    unsigned long long nodes;
    int oom;
    /* the position being searched */
    uint32_t hands[4];
    int side;
    Map *tt;
} Core;

/* A probe "does the side take at least k tricks?" at a prepared position. */
typedef struct {
    int mid; /* in the middle of a trick */
    int leader, i, seat, c, bp, bs;
    uint32_t live;
    int r; /* tricks left, the current one included */
    int fresh;
} Probe;

static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int top_bit(uint32_t x) { return x ? 31 - __builtin_clz(x) : NTILES - 1; }

/* The tiles of ``m`` in the order to try them: leads (c == LEAD_CTX) high first, follows to
 * context c cheapest first (lowest index first without ordering). */
static int moves_of(const Core *s, uint32_t m, int c, int *out) {
    int n = 0;
    while (m) {
        out[n++] = __builtin_ctz(m);
        m &= m - 1;
    }
    if (s->order && n > 1) {
        const int *key = c == LEAD_CTX ? s->lead_key : s->follow_key[c];
        int sign = c == LEAD_CTX ? -1 : 1;
        for (int i = 1; i < n; i++) {
            int x = out[i], kx = sign * key[x], j = i - 1;
            while (j >= 0 && sign * key[out[j]] > kx) {
                out[j + 1] = out[j];
                j--;
            }
            out[j + 1] = x;
        }
    }
    return n;
}

static void move_to_front(int *moves, int nm, int m) {
    for (int j = 1; j < nm; j++) {
        if (moves[j] == m) {
            memmove(moves + 1, moves, (size_t)j * sizeof(int));
            moves[0] = m;
            return;
        }
    }
}

static void quick_bounds(const Core *s, int leader, int r, uint32_t rem, int *plo, int *phi) {
    int n = s->n, lo = 0, hi = r;
    uint32_t trumps = rem & s->trump_mask;
    int holder = -1, run = 0;
    if (trumps) {
        /* The trumps above every trump of the other side: each wins the trick it is played
         * to, and those of one seat fall in different tricks. ``run``: the top trumps held by
         * one seat, above everybody else's. */
        int team = -1, open_run = 1, counts[4] = {0, 0, 0, 0};
        for (int j = 0; j < s->n_trump_order; j++) {
            uint32_t b = s->trump_order[j];
            if (!(trumps & b)) continue;
            int st;
            for (st = 0; st < n; st++)
                if (s->hands[st] & b) break;
            if (st == n) st = n - 1;
            if (holder < 0) {
                holder = st;
                team = (s->side >> st) & 1;
            } else if (((s->side >> st) & 1) != team) {
                break;
            }
            if (st != holder)
                open_run = 0;
            else if (open_run)
                run++;
            counts[st]++;
        }
        int sure = 0;
        for (int st = 0; st < n; st++)
            if (counts[st] > sure) sure = counts[st];
        if (team)
            lo = sure;
        else
            hi = r - sure;
    }
    uint32_t h = s->hands[leader];
    int drawn = holder == leader ? run : 0;
    for (int st = 0; st < n; st++)
        if (st != leader && popcount(s->hands[st] & trumps) > drawn) goto done;
    {
        /* Nobody else holds more trumps than the leader's run of top trumps: the leader
         * draws them, cashes its other trumps and, in each suit, the tiles it leads from the
         * top run of that suit. */
        int cash = popcount(trumps & h);
        for (int su = 0; su < 7; su++) {
            if (!(h & s->suit_members[su])) continue;
            for (int j = 0; j < s->suit_len[su]; j++) {
                uint32_t b = s->suit_bit[su][j];
                if (!(rem & b)) continue;
                if (!(h & b)) break;
                if (s->suit_leads[su][j]) cash++;
            }
        }
        if ((s->side >> leader) & 1) {
            if (cash > lo) lo = cash;
        } else if (r - cash < hi) {
            hi = r - cash;
        }
    }
done:
    *plo = lo;
    *phi = hi;
}

static int follow_(Core *s, int i, int seat, int c, int bp, int bs, int k, uint32_t live);

/* At a trick boundary, does the side take at least k of the remaining tricks? */
static int boundary(Core *s, int leader, int k) {
    if (k <= 0) return 1;
    uint32_t h = s->hands[leader];
    int r = popcount(h);
    if (k > r) return 0;
    int n = s->n;
    if (r == 1) {
        /* The last trick plays itself. */
        s->nodes += (unsigned long long)n;
        int li = top_bit(h), c = s->lead_ctx[li];
        const int *pc = s->power[c];
        int bp = pc[li], bs = leader;
        for (int st = (leader + 1) % n; st != leader; st = (st + 1) % n) {
            int p = pc[top_bit(s->hands[st])];
            if (p > bp) {
                bp = p;
                bs = st;
            }
        }
        return (s->side >> bs) & 1;
    }
    uint32_t rem = 0;
    for (int st = 0; st < n; st++) rem |= s->hands[st];
    int best = -1, lo = 0, hi = r;
    uint64_t key = 0;
    Map *tt = s->tt;
    if (tt != NULL) {
        key = (uint64_t)rem << 2 | (uint64_t)leader;
        Slot *e = map_get(tt, key);
        if (e == NULL) {
            if (s->quick) quick_bounds(s, leader, r, rem, &lo, &hi);
            if (lo >= k || hi < k) {
                Slot *ne = map_put(tt, key);
                if (ne == NULL) {
                    s->oom = 1;
                } else {
                    ne->lo = (int8_t)lo;
                    ne->hi = (int8_t)hi;
                    ne->best = -1;
                }
                return lo >= k;
            }
        } else {
            lo = e->lo;
            hi = e->hi;
            best = e->best;
            if (lo >= k) return 1;
            if (hi < k) return 0;
        }
    } else if (s->quick) {
        quick_bounds(s, leader, r, rem, &lo, &hi);
        if (lo >= k) return 1;
        if (hi < k) return 0;
    }
    int onside = (s->side >> leader) & 1;
    int moves[NTILES];
    int nm = moves_of(s, h, LEAD_CTX, moves);
    uint64_t lkey = 0;
    if (s->killers_on) {
        lkey = (uint64_t)1 << 63 | (uint64_t)h << 2 | (uint64_t)leader;
        if (best < 0) {
            Slot *e = map_get(&s->killers, lkey);
            best = e == NULL ? -1 : e->lo;
        }
        if (best >= 0 && moves[0] != best) move_to_front(moves, nm, best);
    }
    uint32_t others = (rem & ~h) | SENTINEL;
    int tried[NTILES], nt = 0;
    int s1 = (leader + 1) % n;
    int result = !onside;
    for (int j = 0; j < nm; j++) {
        int m = moves[j];
        if (s->equiv_on) {
            int same = 0;
            for (int t = 0; t < nt; t++) {
                if (!(s->equiv[tried[t]][m] & others)) {
                    same = 1;
                    break;
                }
            }
            if (same) continue;
            tried[nt++] = m;
        }
        s->nodes++;
        s->hands[leader] = h ^ (1u << m);
        int c = s->lead_ctx[m];
        int res = follow_(s, 1, s1, c, s->power[c][m], leader, k, rem);
        s->hands[leader] = h;
        if (res == onside) {
            result = onside;
            best = m;
            if (s->killers_on) {
                Slot *e = map_put(&s->killers, lkey);
                if (e == NULL)
                    s->oom = 1;
                else
                    e->lo = (int8_t)m;
            }
            break;
        }
    }
    if (tt != NULL) {
        Slot *e = map_put(tt, key);
        if (e == NULL) {
            s->oom = 1;
        } else {
            if (result) {
                e->lo = (int8_t)(k > lo ? k : lo);
                e->hi = (int8_t)hi;
            } else {
                e->lo = (int8_t)lo;
                e->hi = (int8_t)(k - 1 < hi ? k - 1 : hi);
            }
            e->best = (int8_t)best;
        }
    }
    return result;
}

/* In the middle of a trick (i tiles played, seat to play, the suit led is context c, the
 * best tile so far has power bp and was played by bs, live holds the tiles that were in the
 * hands when the trick began): does the side take at least k tricks, counting this one? */
static int follow_(Core *s, int i, int seat, int c, int bp, int bs, int k, uint32_t live) {
    int n = s->n, last = n - 1;
    uint32_t h = s->hands[seat];
    uint32_t legal = h & s->follow[c];
    if (!legal) legal = h;
    const int *pc = s->power[c];
    if ((legal & (legal - 1)) == 0) {
        /* One legal tile: play it. */
        s->nodes++;
        int p = pc[top_bit(legal)], res;
        if (i == last) {
            int w = p > bp ? seat : bs;
            k -= (s->side >> w) & 1;
            if (k <= 0) return 1;
            if (k >= popcount(h)) return 0;
            s->hands[seat] = h ^ legal;
            res = boundary(s, w, k);
        } else {
            s->hands[seat] = h ^ legal;
            if (p > bp)
                res = follow_(s, i + 1, (seat + 1) % n, c, p, seat, k, live);
            else
                res = follow_(s, i + 1, (seat + 1) % n, c, bp, bs, k, live);
        }
        s->hands[seat] = h;
        return res;
    }
    int onside = (s->side >> seat) & 1;
    int winning = (s->side >> bs) & 1;
    int moves[NTILES];
    int nm = moves_of(s, legal, c, moves);
    if (s->order && winning != onside && pc[moves[nm - 1]] > bp) {
        /* The other side is winning and we can beat it: the cheapest winner first, then the
         * cheapest tile that does not win. */
        int j = 0;
        while (pc[moves[j]] <= bp) j++;
        if (j) {
            int head[NTILES];
            memcpy(head, moves, (size_t)j * sizeof(int));
            memmove(moves, moves + j, (size_t)(nm - j) * sizeof(int));
            memcpy(moves + nm - j, head, (size_t)j * sizeof(int));
        }
    }
    uint64_t kkey = 0;
    if (s->killers_on) {
        /* The tile that refuted the last position like this one (same legal tiles, suit
         * led, tile to beat and side winning so far), if any, goes first. */
        kkey = ((uint64_t)legal << 4 | (uint64_t)c) << 8 | (uint64_t)(bp + 1) << 1 | (uint64_t)winning;
        Slot *e = map_get(&s->killers, kkey);
        if (e != NULL && moves[0] != e->lo) move_to_front(moves, nm, e->lo);
    }
    uint32_t others = (live & ~h) | SENTINEL;
    int tried[NTILES], nt = 0;
    int found = -1, res = 0;
    if (i == last) {
        /* The last tile of the trick: the trick is decided, then a trick boundary. */
        int left = popcount(h) - 1;
        for (int j = 0; j < nm; j++) {
            int m = moves[j];
            if (s->equiv_on) {
                int same = 0;
                for (int t = 0; t < nt; t++) {
                    if (!(s->equiv[tried[t]][m] & others)) {
                        same = 1;
                        break;
                    }
                }
                if (same) continue;
                tried[nt++] = m;
            }
            s->nodes++;
            int w = pc[m] > bp ? seat : bs;
            int k2 = k - ((s->side >> w) & 1);
            if (k2 <= 0) {
                res = 1;
            } else if (k2 > left) {
                res = 0;
            } else {
                s->hands[seat] = h ^ (1u << m);
                res = boundary(s, w, k2);
                s->hands[seat] = h;
            }
            if (res == onside) {
                found = m;
                break;
            }
        }
    } else {
        int s2 = (seat + 1) % n;
        for (int j = 0; j < nm; j++) {
            int m = moves[j];
            if (s->equiv_on) {
                int same = 0;
                for (int t = 0; t < nt; t++) {
                    if (!(s->equiv[tried[t]][m] & others)) {
                        same = 1;
                        break;
                    }
                }
                if (same) continue;
                tried[nt++] = m;
            }
            s->nodes++;
            int p = pc[m];
            s->hands[seat] = h ^ (1u << m);
            if (p > bp)
                res = follow_(s, i + 1, s2, c, p, seat, k, live);
            else
                res = follow_(s, i + 1, s2, c, bp, bs, k, live);
            s->hands[seat] = h;
            if (res == onside) {
                found = m;
                break;
            }
        }
    }
    if (found < 0) return !onside;
    if (s->killers_on) {
        Slot *e = map_put(&s->killers, kkey);
        if (e == NULL)
            s->oom = 1;
        else
            e->lo = (int8_t)found;
    }
    return onside;
}

/* -- probing ------------------------------------------------------------------------------- */

static void clear_tables(Core *s) {
    for (int j = 0; j < 16; j++) map_reset(&s->tts[j]);
    map_reset(&s->killers);
    memset(s->owner, 0, sizeof s->owner);
}

/* Set up the search of a position (Solver._prepare and Solver._table). */
static void prepare(Core *s, const uint32_t *hands, int leader, int side, const int *trick, int nt, Probe *p) {
    int n = s->n;
    memcpy(s->hands, hands, (size_t)n * sizeof(uint32_t));
    s->side = side;
    p->r = popcount(hands[(leader + nt) % n]);
    p->fresh = 0;
    s->tt = NULL;
    if (s->use_tt) {
        if (!s->keep_tt) {
            p->fresh = 1;
            s->tt = &s->fresh;
        } else {
            /* A tile now held by another seat: another deal, start afresh. */
            uint32_t seen = 0;
            for (int st = 0; st < n; st++) seen |= s->owner[st];
            for (int st = 0; st < n; st++) {
                if (hands[st] & seen & ~s->owner[st]) {
                    for (int j = 0; j < 16; j++) map_reset(&s->tts[j]);
                    map_reset(&s->killers);
                    memset(s->owner, 0, sizeof s->owner);
                    break;
                }
            }
            for (int st = 0; st < n; st++) s->owner[st] |= hands[st];
            if (s->tts[side].count > TT_LIMIT) map_reset(&s->tts[side]);
            if (s->killers.count > TT_LIMIT) map_reset(&s->killers);
            s->tt = &s->tts[side];
        }
    }
    p->leader = leader;
    p->mid = nt > 0;
    if (!nt) return;
    int c = s->lead_ctx[trick[0]];
    const int *pc = s->power[c];
    int bp = pc[trick[0]], bs = leader;
    uint32_t live = 0;
    for (int j = 1; j < nt; j++) {
        if (pc[trick[j]] > bp) {
            bp = pc[trick[j]];
            bs = (leader + j) % n;
        }
    }
    for (int st = 0; st < n; st++) live |= hands[st];
    for (int j = 0; j < nt; j++) live |= 1u << trick[j];
    p->i = nt;
    p->seat = (leader + nt) % n;
    p->c = c;
    p->bp = bp;
    p->bs = bs;
    p->live = live;
}

static int ge(Core *s, const Probe *p, int k) {
    if (p->fresh) map_reset(&s->fresh);
    if (p->mid) return follow_(s, p->i, p->seat, p->c, p->bp, p->bs, k, p->live);
    return boundary(s, p->leader, k);
}

/* The largest k in lo..hi with ge(k) (ge(lo) is taken as true). */
static int narrow(Core *s, const Probe *p, int lo, int hi, int guess) {
    if (guess != NO_GUESS && lo < guess && guess <= hi) {
        /* Start at the guess, then walk: up if it holds, down if not. */
        if (ge(s, p, guess)) {
            lo = guess;
            while (lo < hi && ge(s, p, lo + 1)) lo++;
            return lo;
        }
        hi = guess - 1;
        while (lo < hi && !ge(s, p, hi)) hi--;
        return hi;
    }
    if (s->probe == PROBE_BINARY) {
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (ge(s, p, mid))
                lo = mid;
            else
                hi = mid - 1;
        }
        return lo;
    }
    while (lo < hi && ge(s, p, lo + 1)) lo++;
    return lo;
}

/* A guess at the value: one greedy play-out (high leads, the cheapest winner when the other
 * side is winning, else the cheapest tile). */
static int estimate(const Core *s, const uint32_t *hands, int leader, int side, const int *trick, int nt) {
    int n = s->n, won = 0, np = nt;
    uint32_t hs[4];
    int played[4];
    memcpy(hs, hands, (size_t)n * sizeof(uint32_t));
    for (int j = 0; j < nt; j++) played[j] = trick[j];
    for (;;) {
        if (np == 0) {
            uint32_t h = hs[leader];
            if (!h) return won;
            int m = -1;
            for (uint32_t x = h; x; x &= x - 1) {
                int b = __builtin_ctz(x);
                if (m < 0 || s->lead_key[b] > s->lead_key[m]) m = b;
            }
            hs[leader] = h ^ (1u << m);
            played[0] = m;
            np = 1;
        }
        int c = s->lead_ctx[played[0]];
        const int *pc = s->power[c];
        const int *fk = s->follow_key[c];
        int bp = pc[played[0]], bs = leader;
        for (int j = 1; j < np; j++) {
            if (pc[played[j]] > bp) {
                bp = pc[played[j]];
                bs = (leader + j) % n;
            }
        }
        for (int j = np; j < n; j++) {
            int seat = (leader + j) % n;
            uint32_t h = hs[seat];
            uint32_t legal = h & s->follow[c];
            if (!legal) legal = h;
            if (!legal) return won; /* not a consistent position: nothing more to play */
            int cheapest = -1, top = -1, winner = -1;
            for (uint32_t x = legal; x; x &= x - 1) {
                int b = __builtin_ctz(x);
                if (cheapest < 0 || fk[b] < fk[cheapest]) cheapest = b;
                if (top < 0 || fk[b] > fk[top]) top = b;
                if (pc[b] > bp && (winner < 0 || fk[b] < fk[winner])) winner = b;
            }
            int m = cheapest;
            if (((side >> bs) & 1) != ((side >> seat) & 1) && pc[top] > bp) m = winner;
            hs[seat] = h ^ (1u << m);
            if (pc[m] > bp) {
                bp = pc[m];
                bs = seat;
            }
        }
        won += (side >> bs) & 1;
        leader = bs;
        np = 0;
    }
}

/* -- the Python type ----------------------------------------------------------------------- */

/* Read and check a position: hands (one mask per seat), leader, side, trick. The search
 * needs a consistent position (disjoint hands of the right sizes, tiles 0..27) to stay inside
 * its tables; anything else is a ValueError. */
static int read_position(Core *s, PyObject *hands_obj, PyObject *leader_obj, PyObject *side_obj,
                         PyObject *trick_obj, uint32_t *hands, int *leader, int *side, int *trick,
                         int *nt) {
    int n = s->n;
    PyObject *seq = PySequence_Fast(hands_obj, "hands must be a sequence of masks");
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "a %d-player solver needs %d hands, not %zd", n, n,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    uint32_t all = 0;
    for (int st = 0; st < n; st++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, st));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v >> NTILES) {
            PyErr_Format(PyExc_ValueError, "hand %d is not a mask of tiles 0..27", st);
            Py_DECREF(seq);
            return -1;
        }
        if (all & (uint32_t)v) {
            PyErr_SetString(PyExc_ValueError, "a tile is in two hands");
            Py_DECREF(seq);
            return -1;
        }
        hands[st] = (uint32_t)v;
        all |= (uint32_t)v;
    }
    Py_DECREF(seq);
    long ld = PyLong_AsLong(leader_obj);
    if (ld == -1 && PyErr_Occurred()) return -1;
    if (ld < 0 || ld >= n) {
        PyErr_Format(PyExc_ValueError, "the leader is a seat 0..%d, not %ld", n - 1, ld);
        return -1;
    }
    *leader = (int)ld;
    long sd = PyLong_AsLong(side_obj);
    if (sd == -1 && PyErr_Occurred()) return -1;
    if (sd < 0 || sd >= (1L << n)) {
        PyErr_Format(PyExc_ValueError, "the side is a mask of seats 0..%d, not %ld", n - 1, sd);
        return -1;
    }
    *side = (int)sd;
    *nt = 0;
    if (trick_obj != NULL) {
        seq = PySequence_Fast(trick_obj, "the trick must be a sequence of tile indexes");
        if (seq == NULL) return -1;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
        if (len >= n) {
            PyErr_Format(PyExc_ValueError, "a trick in progress has at most %d tiles", n - 1);
            Py_DECREF(seq);
            return -1;
        }
        for (Py_ssize_t j = 0; j < len; j++) {
            long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
            if (t == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                return -1;
            }
            if (t < 0 || t >= NTILES || (all >> t & 1)) {
                PyErr_Format(PyExc_ValueError, "the trick's tile %ld is not a tile index or is also in a hand", t);
                Py_DECREF(seq);
                return -1;
            }
            all |= 1u << t;
            trick[j] = (int)t;
        }
        *nt = (int)len;
        Py_DECREF(seq);
    }
    int r = popcount(hands[(*leader + *nt) % n]);
    if (*nt && r == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat to play holds no tile");
        return -1;
    }
    for (int j = 0; j < n; j++) {
        int st = (*leader + j) % n;
        int want = j < *nt ? r - 1 : r;
        if (popcount(hands[st]) != want) {
            PyErr_Format(PyExc_ValueError,
                         "seat %d holds %d tiles but should hold %d: the seats still to play to the "
                         "current trick hold the same number, those that played one fewer",
                         st, popcount(hands[st]), want);
            return -1;
        }
    }
    return 0;
}

static int read_int(PyObject *o, long long *out) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow) v = overflow > 0 ? LLONG_MAX / 4 : LLONG_MIN / 4;
    *out = v;
    return 0;
}

static PyObject *check_oom(Core *s, PyObject *result) {
    if (s->oom) {
        s->oom = 0;
        clear_tables(s);
        Py_XDECREF(result);
        return PyErr_NoMemory();
    }
    return result;
}

static PyObject *Core_solve(Core *s, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 3 || nargs > 5) {
        PyErr_SetString(PyExc_TypeError, "solve(hands, leader, side, trick=(), floor=0)");
        return NULL;
    }
    uint32_t hands[4];
    int leader, side, trick[4], nt;
    if (read_position(s, args[0], args[1], args[2], nargs > 3 ? args[3] : NULL, hands, &leader, &side, trick,
                      &nt) < 0)
        return NULL;
    long long floor = 0;
    if (nargs > 4 && read_int(args[4], &floor) < 0) return NULL;
    Probe p;
    prepare(s, hands, leader, side, trick, nt, &p);
    int r = p.r;
    int lo = floor < 0 ? 0 : (floor > r ? r : (int)floor);
    int guess = NO_GUESS;
    if (s->probe == PROBE_GUESS) {
        guess = estimate(s, hands, leader, side, trick, nt);
        if (guess < lo) guess = lo < r ? lo + 1 : NO_GUESS;
    }
    int v = narrow(s, &p, lo, r, guess);
    return check_oom(s, PyLong_FromLong(v));
}

static PyObject *Core_can_take(Core *s, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 4 || nargs > 5) {
        PyErr_SetString(PyExc_TypeError, "can_take(hands, leader, side, k, trick=())");
        return NULL;
    }
    uint32_t hands[4];
    int leader, side, trick[4], nt;
    if (read_position(s, args[0], args[1], args[2], nargs > 4 ? args[4] : NULL, hands, &leader, &side, trick,
                      &nt) < 0)
        return NULL;
    long long k;
    if (read_int(args[3], &k) < 0) return NULL;
    Probe p;
    prepare(s, hands, leader, side, trick, nt, &p);
    int res;
    if (k <= 0)
        res = 1;
    else if (k > p.r)
        res = 0;
    else
        res = ge(s, &p, (int)k);
    return check_oom(s, PyBool_FromLong(res));
}

static PyObject *Core_move_values(Core *s, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 3 || nargs > 4) {
        PyErr_SetString(PyExc_TypeError, "move_values(hands, leader, side, trick=())");
        return NULL;
    }
    uint32_t hands[4];
    int leader, side, trick[4], nt;
    if (read_position(s, args[0], args[1], args[2], nargs > 3 ? args[3] : NULL, hands, &leader, &side, trick,
                      &nt) < 0)
        return NULL;
    int n = s->n;
    int seat = (leader + nt) % n;
    uint32_t h = hands[seat], legal = h;
    if (nt) {
        uint32_t f = h & s->follow[s->lead_ctx[trick[0]]];
        if (f) legal = f;
    }
    uint32_t others = SENTINEL;
    for (int st = 0; st < n; st++)
        if (st != seat) others |= hands[st];
    for (int j = 0; j < nt; j++) others |= 1u << trick[j];
    int keys[NTILES], vals[NTILES], nk = 0;
    int guess = NO_GUESS;
    for (uint32_t x = legal; x; x &= x - 1) {
        int m = __builtin_ctz(x);
        if (s->equiv_on) {
            int same = -1;
            for (int t = 0; t < nk; t++) {
                if (!(s->equiv[keys[t]][m] & others)) {
                    same = t;
                    break;
                }
            }
            if (same >= 0) {
                keys[nk] = m;
                vals[nk++] = vals[same];
                continue;
            }
        }
        uint32_t child[4];
        memcpy(child, hands, sizeof child);
        child[seat] = h ^ (1u << m);
        int played[4];
        for (int j = 0; j < nt; j++) played[j] = trick[j];
        played[nt] = m;
        int np = nt + 1, won = 0;
        Probe p;
        if (np < n) {
            prepare(s, child, leader, side, played, np, &p);
            if (guess == NO_GUESS && s->probe == PROBE_GUESS) guess = estimate(s, child, leader, side, played, np);
        } else {
            const int *pc = s->power[s->lead_ctx[played[0]]];
            int best = 0;
            for (int j = 1; j < n; j++)
                if (pc[played[j]] > pc[played[best]]) best = j;
            int winner = (leader + best) % n;
            won = (side >> winner) & 1;
            prepare(s, child, winner, side, NULL, 0, &p);
            if (guess == NO_GUESS && s->probe == PROBE_GUESS)
                guess = won + estimate(s, child, winner, side, NULL, 0);
        }
        int v = won + narrow(s, &p, 0, p.r, guess == NO_GUESS ? NO_GUESS : guess - won);
        keys[nk] = m;
        vals[nk++] = v;
        guess = v;
    }
    if (s->oom) return check_oom(s, NULL);
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    for (int t = 0; t < nk; t++) {
        PyObject *k = PyLong_FromLong(keys[t]), *v = PyLong_FromLong(vals[t]);
        if (k == NULL || v == NULL || PyDict_SetItem(out, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return out;
}

static PyObject *Core_clear(Core *s, PyObject *Py_UNUSED(ignored)) {
    clear_tables(s);
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *s, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(s->nodes);
}

static PyObject *Core_get_players(Core *s, void *Py_UNUSED(closure)) { return PyLong_FromLong(s->n); }

/* Core(tables, players, tt, keep_tt, quick, order, killers, equiv, probe): tables is
 * TrumpTables._packed (int32 values, native byte order, in the layout below). */
static int Core_init(Core *s, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"tables", "players", "tt", "keep_tt", "quick", "order", "killers", "equiv", "probe",
                             NULL};
    Py_buffer buf;
    int n, tt, keep_tt, quick, order, killers, equiv, probe;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*ipppppii", kwlist, &buf, &n, &tt, &keep_tt, &quick, &order,
                                     &killers, &equiv, &probe))
        return -1;
    const Py_ssize_t want = (NTILES + NCTX * NTILES + NCTX + 1 + 1 + NTILES + 7 * (2 + 2 * NTILES) + NTILES +
                             NCTX * NTILES + NTILES * NTILES) *
                            (Py_ssize_t)sizeof(int32_t);
    if (n != 3 && n != 4) {
        PyBuffer_Release(&buf);
        PyErr_Format(PyExc_ValueError, "Moon is played by 3 or 4 players, not %d", n);
        return -1;
    }
    if (probe < 0 || probe > 2) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "probe is 0 (binary), 1 (upward) or 2 (guess)");
        return -1;
    }
    if (buf.len != want) {
        PyBuffer_Release(&buf);
        PyErr_Format(PyExc_ValueError, "the packed tables hold %zd bytes, not %zd", buf.len, want);
        return -1;
    }
    const int32_t *v = (const int32_t *)buf.buf;
    int bad = 0;
    for (int i = 0; i < NTILES; i++) {
        s->lead_ctx[i] = *v++;
        if (s->lead_ctx[i] < 0 || s->lead_ctx[i] >= NCTX) bad = 1;
    }
    for (int c = 0; c < NCTX; c++)
        for (int i = 0; i < NTILES; i++) s->power[c][i] = *v++;
    for (int c = 0; c < NCTX; c++) s->follow[c] = (uint32_t)*v++;
    s->trump_mask = (uint32_t)*v++;
    s->n_trump_order = *v++;
    if (s->n_trump_order < 0 || s->n_trump_order > NTILES) bad = 1;
    for (int i = 0; i < NTILES; i++) s->trump_order[i] = (uint32_t)*v++;
    for (int su = 0; su < 7; su++) {
        s->suit_members[su] = (uint32_t)*v++;
        s->suit_len[su] = *v++;
        if (s->suit_len[su] < 0 || s->suit_len[su] > NTILES) bad = 1;
        for (int i = 0; i < NTILES; i++) {
            s->suit_bit[su][i] = (uint32_t)*v++;
            s->suit_leads[su][i] = *v++;
        }
    }
    for (int i = 0; i < NTILES; i++) s->lead_key[i] = *v++;
    for (int c = 0; c < NCTX; c++)
        for (int i = 0; i < NTILES; i++) s->follow_key[c][i] = *v++;
    for (int t = 0; t < NTILES; t++)
        for (int u = 0; u < NTILES; u++) s->equiv[t][u] = (uint32_t)*v++;
    PyBuffer_Release(&buf);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "the packed tables are out of range");
        return -1;
    }
    s->n = n;
    s->use_tt = tt;
    s->keep_tt = keep_tt;
    s->quick = quick;
    s->order = order;
    s->killers_on = killers;
    s->equiv_on = equiv;
    s->probe = probe;
    clear_tables(s);
    map_reset(&s->fresh);
    s->nodes = 0;
    return 0;
}

static void Core_dealloc(Core *s) {
    for (int j = 0; j < 16; j++) map_free(&s->tts[j]);
    map_free(&s->fresh);
    map_free(&s->killers);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))Core_solve, METH_FASTCALL,
     "solve(hands, leader, side, trick=(), floor=0): Solver.solve_masks"},
    {"can_take", (PyCFunction)(void (*)(void))Core_can_take, METH_FASTCALL,
     "can_take(hands, leader, side, k, trick=()): Solver.can_take_masks"},
    {"move_values", (PyCFunction)(void (*)(void))Core_move_values, METH_FASTCALL,
     "move_values(hands, leader, side, trick=()): Solver.move_values_masks"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Forget the transposition tables and killers."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "Search nodes visited since the core was made.", NULL},
    {"players", (getter)Core_get_players, NULL, "The number of seats, 3 or 4.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine._csolver.Core",
    .tp_basicsize = sizeof(Core),
    .tp_itemsize = 0,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled search of one engine.solver.Solver (see engine/solver.py).",
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_init = (initproc)Core_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef csolver_module = {
    PyModuleDef_HEAD_INIT, "_csolver", "The compiled core of engine.solver (see engine/solver.py).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csolver(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&csolver_module);
    if (m == NULL) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
