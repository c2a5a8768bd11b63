// Two-starter search over Z_(P/2) x {0,1} for P = 4n+2, n odd (designs_data.STARTERS, two starters).
// A single starter over Z_P cannot keep sit-outs fair there: the seated points' sum has the wrong
// parity for the partner differences 1..2n, and sit-outs {0, even d} cannot tile Z_P in P/2 hands.
// Build: gcc -O2 -o /tmp/two tools/cyclic_starters_two_orbits.c -lm
// Run:   nice -n 19 /tmp/two P ITERS_PER_RESTART SEED   -> "P: | starter A | starter B"
// P = 4n+2, k = P/2 odd. Points (x, o) = x + k*o, group Z_k acting on x. Two starters, each:
// n tables then sit-outs [orbit-0 point, orbit-1 point]. Conditions over both developments:
// partner classes <= 1, opponent classes <= 2.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
static int P, k, n, h, NC;
static int st[2][64];
static unsigned long long rs;
static inline unsigned long long rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return rs; }
static int cls(int a, int b){
  int oa=a/k, ob=b/k, xa=a%k, xb=b%k;
  if(oa==ob){ int d=((xa-xb)%k+k)%k; if(d>k-d) d=k-d; return oa*h + d-1; }
  if(oa==1){ int t=xa; xa=xb; xb=t; }
  return 2*h + ((xb-xa)%k+k)%k;
}
static int cost(void){
  int cp[128]={0}, co[128]={0};
  for(int s=0;s<2;s++) for(int t=0;t<n;t++){ int *x=st[s]+4*t;
    cp[cls(x[0],x[2])]++; cp[cls(x[1],x[3])]++;
    for(int i=0;i<4;i+=2) for(int j=1;j<4;j+=2) co[cls(x[i],x[j])]++;
  }
  int c=0;
  for(int d=0; d<NC; d++){ if(cp[d]>1) c+=3*(cp[d]-1); if(co[d]>2) c+=co[d]-2; }
  return c;
}
int main(int argc, char**argv){
  P=atoi(argv[1]); long iters=atol(argv[2]); rs=argc>3? atoll(argv[3]):1; rs=rs*2654435761ULL+99;
  k=P/2; n=P/4; h=(k-1)/2; NC=2*h+k; int NP=4*n;
  for(int restart=0;;restart++){
    for(int s=0;s<2;s++){
      int a=rnd()%k, b=rnd()%k; int idx=0;
      for(int p=0;p<P;p++) if(p!=a && p!=k+b) st[s][idx++]=p;
      for(int i=NP-1;i>0;i--){ int j=rnd()%(i+1); int t=st[s][i]; st[s][i]=st[s][j]; st[s][j]=t; }
      st[s][NP]=a; st[s][NP+1]=k+b;
    }
    int c=cost(); double T=2.0;
    for(long it=0; it<iters; it++){
      int s=rnd()%2, i=rnd()%P, j=rnd()%P; if(i==j || (i<NP && j<NP && i/4==j/4)) continue;
      int *v=st[s]; int t=v[i]; v[i]=v[j]; v[j]=t;
      if(v[NP]>=k || v[NP+1]<k){ t=v[i]; v[i]=v[j]; v[j]=t; continue; }
      int c2=cost();
      if(c2<=c || exp((c-c2)/T) > (rnd()%1000000)/1e6){ c=c2; if(c==0) break; }
      else { t=v[i]; v[i]=v[j]; v[j]=t; }
      T*=0.99999; if(T<0.15) T=0.15;
    }
    if(c==0){ printf("%d:", P); for(int s=0;s<2;s++){ printf(" |"); for(int i=0;i<P;i++) printf(" %d", st[s][i]); } printf("\n"); return 0; }
    fprintf(stderr,"restart %d cost %d\n",restart,c);
  }
}
