// Cyclic starter search for individual whist schedules (designs_data.STARTERS, one starter).
// Build: gcc -O2 -o /tmp/starter tools/cyclic_starters.c -lm
// Run:   nice -n 19 /tmp/starter P ITERS_PER_RESTART SEED   -> "P: a b c ..." (-1 = infinity)
// Starter search: P players, m = P-1 (with infinity) if P%4==0 else P; sit-outs {0..s-1}.
// Starter: n tables (N,E,S,W) over points; partners N-S, E-W; opponents N/S vs E/W.
// Conditions over full development mod m: partner diff classes each <=1 (half class 0),
// opponent classes <=2 (half class <=1).  Prints the starter when cost 0.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static int P, m, n, inf, s, NP;
static int pt[64];
static unsigned long long rs;
static inline unsigned long long rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return rs; }
static int cls(int a, int b){ int d = ((a-b)%m+m)%m; return d <= m-d ? d : m-d; }
static int cost(void){
  int cp[64]={0}, co[64]={0};
  for(int t=0;t<n;t++){ int *x=pt+4*t;
    int pr[2][2]={{x[0],x[2]},{x[1],x[3]}};
    for(int k=0;k<2;k++){ int a=pr[k][0], b=pr[k][1]; if(a==m||b==m) continue; cp[cls(a,b)]++; }
    for(int i=0;i<4;i+=2) for(int j=1;j<4;j+=2){ int a=x[i], b=x[j]; if(a==m||b==m) continue; co[cls(a,b)]++; }
  }
  int c=0;
  for(int d=1; d<=m/2; d++){
    int half = (m%2==0 && d==m/2);
    int lp = half?0:1, lo = half?1:2;
    if(cp[d]>lp) c += 3*(cp[d]-lp);
    if(co[d]>lo) c += co[d]-lo;
  }
  return c;
}
int main(int argc, char**argv){
  P=atoi(argv[1]); long iters = atol(argv[2]); rs = argc>3? atoll(argv[3]) : time(0);
  rs = rs*2654435761ULL + 12345; if(!rs) rs=1;
  s = P%4; inf = (s==0); m = inf? P-1 : P; n = P/4; NP = 4*n;
  for(int restart=0;;restart++){
    int k=0; if(inf) pt[k++]=m; for(int x=s;x<m;x++) pt[k++]=x;
    for(int i=NP-1;i>0;i--){ int j=rnd()%(i+1); int t=pt[i]; pt[i]=pt[j]; pt[j]=t; }
    int c=cost(); double T=2.0;
    for(long it=0; it<iters; it++){
      int i=rnd()%NP, j=rnd()%NP; if(i/4==j/4) continue;
      int t=pt[i]; pt[i]=pt[j]; pt[j]=t;
      int c2=cost();
      if(c2<=c || exp((c-c2)/T) > (rnd()%1000000)/1e6){ c=c2; if(c==0) break; }
      else { t=pt[i]; pt[i]=pt[j]; pt[j]=t; }
      T *= 0.99999; if(T<0.15) T=0.15;
    }
    if(c==0){ printf("%d:", P); for(int i=0;i<NP;i++) printf(" %d", pt[i]==m? -1 : pt[i]); printf("\n"); return 0; }
    fprintf(stderr,"restart %d cost %d\n", restart, c);
  }
}
