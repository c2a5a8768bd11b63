/* Annealing core of tools/find_whist_designs.py (C for speed; the driver compiles and runs it).

   whist_search P H H1 seed seconds [slot T0 -] ("-": first start from hands on stdin)  ->  prints H lines, each a hand's seated players table by
   table in seats N E S W, or "FAIL cost" if the time ran out.
   Hand 1 seats 0..4T-1 in order; sit-outs follow the rotation (fewest missed sit out, ties by
   number), as whistdrive.movements.schedule._rotation_pick does.
   Phase 1: hands 2..H1 are annealed until no two players partner twice and none oppose more
   than twice within the first H1 hands. Phase 2 (H > H1): hands H1+1..H are annealed to spread
   partnering counts over all H hands (sum of squares), opponents second. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXP 64
#define MAXH 64
static int P, H, H1, SEATED;
static int hand[MAXH][MAXP];
static int pc[MAXP][MAXP], oc[MAXP][MAXP];
static unsigned long long rs;
static inline unsigned rnd(void) {
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs >> 11);
}
static inline double urand(void) { return (rnd() & 0xffffff) / 16777216.0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

/* phase 1 cost of one pair count change */
static inline int hard_p(int c) { return c > 1 ? c - 1 : 0; }
static inline int hard_o(int c) { return c > 2 ? c - 2 : 0; }

static int add_hard(const int *t, int s) {
  int d = 0, a, b;
  static const int PR[2][2] = {{0, 2}, {1, 3}};
  static const int OP[4][2] = {{0, 1}, {0, 3}, {2, 1}, {2, 3}};
  for (int k = 0; k < 2; k++) {
    a = t[PR[k][0]]; b = t[PR[k][1]];
    int before = pc[a][b];
    pc[a][b] += s; pc[b][a] += s;
    d += 4 * (hard_p(pc[a][b]) - hard_p(before));
  }
  for (int k = 0; k < 4; k++) {
    a = t[OP[k][0]]; b = t[OP[k][1]];
    int before = oc[a][b];
    oc[a][b] += s; oc[b][a] += s;
    d += hard_o(oc[a][b]) - hard_o(before);
  }
  return d;
}

static int add_soft(const int *t, int s) {
  int d = 0, a, b;
  static const int PR[2][2] = {{0, 2}, {1, 3}};
  static const int OP[4][2] = {{0, 1}, {0, 3}, {2, 1}, {2, 3}};
  for (int k = 0; k < 2; k++) {
    a = t[PR[k][0]]; b = t[PR[k][1]];
    int before = pc[a][b];
    pc[a][b] += s; pc[b][a] += s;
    d += 20 * (pc[a][b] * pc[a][b] - before * before);
  }
  for (int k = 0; k < 4; k++) {
    a = t[OP[k][0]]; b = t[OP[k][1]];
    int before = oc[a][b];
    oc[a][b] += s; oc[b][a] += s;
    d += oc[a][b] * oc[a][b] - before * before;
  }
  return d;
}

static void sit_outs(void) {
  int missed[MAXP] = {0};
  for (int r = 0; r < H; r++) {
    int out[MAXP] = {0};
    int sit = P - SEATED;
    if (r == 0) {
      for (int x = SEATED; x < P; x++) out[x] = 1;
    } else {
      for (int k = 0; k < sit; k++) {
        int best = -1;
        for (int x = 0; x < P; x++)
          if (!out[x] && (best < 0 || missed[x] < missed[best])) best = x;
        out[best] = 1;
      }
    }
    int n = 0;
    for (int x = 0; x < P; x++) {
      if (out[x]) missed[x]++;
      else hand[r][n++] = x;
    }
    if (r > 0)
      for (int i = n - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = hand[r][i]; hand[r][i] = hand[r][j]; hand[r][j] = t; }
  }
}

typedef int (*adder)(const int *, int);

/* anneal hands lo..hi-1; returns final cost (0 means bounds met for the hard phase) */
static long anneal(int lo, int hi, adder add, long cost, double t0, double t1, double seconds, int stop_at_zero) {
  double start = now(), T = t0;
  long it = 0, best = cost;
  for (;;) {
    if ((it & 0xffff) == 0) {
      double f = (now() - start) / seconds;
      if (f >= 1) break;
      T = t0 * pow(t1 / t0, f);
    }
    it++;
    int r = lo + rnd() % (hi - lo);
    int *h = hand[r];
    int i = rnd() % SEATED, j = rnd() % SEATED;
    if (stop_at_zero && (rnd() & 7)) {
      /* focus: move a player from a table where someone meets someone too often */
      for (int tries = 0; tries < 64; tries++) {
        r = lo + rnd() % (hi - lo);
        h = hand[r];
        int t = rnd() % (SEATED / 4), *q = h + 4 * t;
        if (pc[q[0]][q[2]] > 1 || pc[q[1]][q[3]] > 1 || oc[q[0]][q[1]] > 2 || oc[q[0]][q[3]] > 2 ||
            oc[q[2]][q[1]] > 2 || oc[q[2]][q[3]] > 2) {
          i = 4 * t + rnd() % 4;
          break;
        }
      }
    }
    int ti = i >> 2, tj = j >> 2;
    if (i == j || (ti == tj && ((i - j) & 1) == 0)) continue;
    long d = add(h + 4 * ti, -1);
    if (tj != ti) d += add(h + 4 * tj, -1);
    int x = h[i]; h[i] = h[j]; h[j] = x;
    d += add(h + 4 * ti, 1);
    if (tj != ti) d += add(h + 4 * tj, 1);
    if (d <= 0 || urand() < exp(-d / T)) {
      cost += d;
      if (cost < best) best = cost;
      if (stop_at_zero && cost == 0) break;
    } else {
      add(h + 4 * ti, -1);
      if (tj != ti) add(h + 4 * tj, -1);
      x = h[i]; h[i] = h[j]; h[j] = x;
      add(h + 4 * ti, 1);
      if (tj != ti) add(h + 4 * tj, 1);
    }
  }
  return cost;
}

int main(int argc, char **argv) {
  if (argc < 6) { fprintf(stderr, "usage: P H H1 seed seconds\n"); return 2; }
  P = atoi(argv[1]); H = atoi(argv[2]); H1 = atoi(argv[3]);
  rs = 88172645463325252ULL ^ (unsigned long long)atoll(argv[4]) * 2654435761ULL;
  double seconds = atof(argv[5]);
  double SLOT = argc > 6 ? atof(argv[6]) : 30, T0 = argc > 7 ? atof(argv[7]) : 2.0;
  int from_stdin = argc > 8 && argv[8][0] == '-';
  SEATED = P - P % 4;
  double deadline = now() + seconds;
  for (;;) {
    memset(pc, 0, sizeof pc); memset(oc, 0, sizeof oc);
    if (from_stdin) {
      /* start from the greedy schedule the driver passes (its sit-outs already follow the rule) */
      for (int r = 0; r < H; r++)
        for (int i = 0; i < SEATED; i++)
          if (scanf("%d", &hand[r][i]) != 1) { fprintf(stderr, "bad input\n"); return 2; }
      from_stdin = 0;
    } else {
      sit_outs();
    }
    long cost = 0;
    for (int r = 0; r < H1; r++)
      for (int t = 0; t < SEATED / 4; t++) cost += add_hard(hand[r] + 4 * t, 1);
    double left = deadline - now();
    if (left <= 0) { printf("FAIL %ld\n", cost); return 1; }
    double slot = left < SLOT ? left : SLOT;
    cost = anneal(1, H1, add_hard, cost, T0, 0.05, slot, 1);
    if (cost) { fprintf(stderr, "phase 1 restart, cost %ld\n", cost); continue; }
    if (H > H1) {
      /* counts of all H hands; soft cost is relative, only its changes matter */
      for (int r = H1; r < H; r++)
        for (int t = 0; t < SEATED / 4; t++) add_soft(hand[r] + 4 * t, 1);
      anneal(H1, H, add_soft, 1L << 40, 30.0, 1.0, (deadline - now()) < 20 ? (deadline - now()) : 20, 0);
      int lo = 1 << 30, hi = 0;
      for (int a = 0; a < P; a++)
        for (int b = a + 1; b < P; b++) { if (pc[a][b] < lo) lo = pc[a][b]; if (pc[a][b] > hi) hi = pc[a][b]; }
      if (hi - lo > 1) { fprintf(stderr, "phase 2 spread %d, restart\n", hi - lo); continue; }
    }
    for (int r = 0; r < H; r++) {
      for (int i = 0; i < SEATED; i++) printf("%d ", hand[r][i]);
      printf("\n");
    }
    return 0;
  }
}
