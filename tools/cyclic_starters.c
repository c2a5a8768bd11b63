// Cyclic starter search for individual whist schedules (whistdrive/movements/designs_data.STARTERS).
// Mode 1: one starter, the n = P/4 tables of hand 1 over Z_m (m = P-1 plus infinity, printed -1,
//   when P = 4n; else m = P with points 0..(P mod 4)-1 sitting out).
// Mode 2: P = 4n+2 with n odd, where one starter over Z_P cannot keep sit-outs fair (the seated
//   points' sum has the wrong parity for partner differences 1..2n, and sit-outs {0, even d} cannot
//   cover Z_P in P/2 hands): two starters over Z_(P/2) x {0,1} (point x + (P/2)*o), each its n
//   tables then one sit-out from each orbit.
// Mode 3: P = 4n+1 over Z_(P-1) plus infinity; one finite point sits out (printed last).
// Mode 4 (P = 4n, args K NS after T0): NS starters over Z_K x {0..P/K-1} (point x + K*o), each
//   all P points in n tables, so K*NS hands with nobody out (44 = 11 x 4, three starters give 33).
//   A class is a pure difference +-d within an orbit or a mixed one (o < o', x' - x); every class
//   partners at most once and opposes at most twice over all the starters' developments.
// Cost: over the whole development, partner difference classes used more than once (x3) and
// opponent classes more than twice; annealed with incremental cost, restarts until cost 0.
// Build: gcc -O2 -o /tmp/cyclic tools/cyclic_starters.c -lm
// Run:   nice -n 19 /tmp/cyclic MODE P ITERS_PER_RESTART SEED T0 [K NS]  ->  "P: a b c ..." ("|" between starters)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
static int P, n, NP, NS, L, mode, k;
static int st[3][64];
static int CL[64][64];         // class of pair, -1 ignored
static int LP[256], LO[256], cp[256], co[256];
static unsigned long long rs;
static inline unsigned long long rnd(void){ rs ^= rs<<13; rs ^= rs>>7; rs ^= rs<<17; return rs; }
static inline int fp(int c, int d){ return c>LP[d]? 3*(c-LP[d]) : 0; }
static inline int fo(int c, int d){ return c>LO[d]? c-LO[d] : 0; }
static inline int chg(int a, int b, int opp, int delta){
  int d=CL[a][b]; if(d<0) return 0;
  if(opp){ int o=fo(co[d],d); co[d]+=delta; return fo(co[d],d)-o; }
  int o=fp(cp[d],d); cp[d]+=delta; return fp(cp[d],d)-o;
}
static inline int touch(int *v, int p, int delta){
  if(p>=NP) return 0;
  return chg(v[p],v[p^2],0,delta)+chg(v[p],v[p^1],1,delta)+chg(v[p],v[p^3],1,delta);
}
int main(int argc,char**argv){
  mode=atoi(argv[1]); P=atoi(argv[2]); long iters=atol(argv[3]); rs=atoll(argv[4])*2654435761ULL+7; double T0=atof(argv[5]);
  n=P/4; NP=4*n; int s=P%4, m=0, inf=0;
  if(mode==4){ k=atoi(argv[6]); NS=atoi(argv[7]); }
  for(int a=0;a<64;a++) for(int b=0;b<64;b++) CL[a][b]=-1;
  if(mode==1||mode==3){ inf=(s==0||mode==3); m=inf?P-1:P; NS=1; L=mode==3?NP+1:NP; if(mode==3) s=0;
    for(int a=0;a<m;a++) for(int b=0;b<m;b++) if(a!=b){ int d=((a-b)%m+m)%m; if(d>m-d) d=m-d; CL[a][b]=d; }
    for(int d=1; d<=m/2; d++){ int half=(m%2==0&&d==m/2); LP[d]=half?0:1; LO[d]=half?1:2; }
  } else if(mode==4){ int orbits=P/k, h=(k-1)/2, c=0; L=P; s=0;
    for(int a=0;a<P;a++) for(int b=0;b<P;b++) if(a!=b){ int oa=a/k,ob=b/k,xa=a%k,xb=b%k;
      if(oa==ob){ int d=((xa-xb)%k+k)%k; if(d>k-d) d=k-d; c=oa*h+d-1; }
      else { if(oa>ob){int t=xa;xa=xb;xb=t; t=oa;oa=ob;ob=t;} c=orbits*h+(oa*orbits+ob)*k+((xb-xa)%k+k)%k; }
      CL[a][b]=c; }
    for(int d=0; d<256; d++){ LP[d]=1; LO[d]=2; }
  } else { k=P/2; NS=2; L=P; int h=(k-1)/2;
    for(int a=0;a<P;a++) for(int b=0;b<P;b++) if(a!=b){ int oa=a/k,ob=b/k,xa=a%k,xb=b%k,c;
      if(oa==ob){ int d=((xa-xb)%k+k)%k; if(d>k-d) d=k-d; c=oa*h+d-1; }
      else { if(oa==1){int t=xa;xa=xb;xb=t;} c=2*h+((xb-xa)%k+k)%k; }
      CL[a][b]=c; }
    for(int d=0; d<2*h+k; d++){ LP[d]=1; LO[d]=2; }
  }
  for(int restart=0;;restart++){
    for(int d=0;d<256;d++){cp[d]=co[d]=0;}
    for(int q=0;q<NS;q++){ int *v=st[q]; int idx=0;
      if(mode==1||mode==3){ if(inf) v[idx++]=m; for(int x=s;x<m;x++) v[idx++]=x; if(mode==3){ for(int i=0;i<L;i++) if(v[i]!=m){ int t=v[i]; v[i]=v[NP]; v[NP]=t; break; } } }
      else if(mode==4){ for(int p=0;p<P;p++) v[idx++]=p; }
      else { int a=rnd()%k, b=rnd()%k; for(int p=0;p<P;p++) if(p!=a&&p!=k+b) v[idx++]=p; v[NP]=a; v[NP+1]=k+b; }
      for(int i=NP-1;i>0;i--){ int j=rnd()%(i+1); int t=v[i]; v[i]=v[j]; v[j]=t; }
    }
    int c=0; for(int q=0;q<NS;q++) for(int t=0;t<n;t++){ int *v=st[q]+4*t;
      c+=chg(v[0],v[2],0,1)+chg(v[1],v[3],0,1); for(int i=0;i<4;i+=2) for(int j=1;j<4;j+=2) c+=chg(v[i],v[j],1,1); }
    double T=T0; int best=c;
    for(long it=0; it<iters && c>0; it++){
      int q=NS==1?0:rnd()%NS; int *v=st[q]; int i=rnd()%L, j=rnd()%L;
      if(i==j || (i<NP&&j<NP&&(i>>2)==(j>>2))) continue;
      if(mode==3 && (v[i]==m||v[j]==m) && (i>=NP||j>=NP)) continue;
      if(mode==2 && (i>=NP||j>=NP)){ int o = i>=NP? i : j, p = i>=NP? j : i; if(o-NP != v[p]/k) continue; }
      int dc = touch(v,i,-1)+touch(v,j,-1);
      int t=v[i]; v[i]=v[j]; v[j]=t;
      dc += touch(v,i,1)+touch(v,j,1);
      T = T0*pow(0.1/T0, (double)it/iters);
      if(dc<=0 || exp(-dc/T) > (rnd()%1000000)/1e6){ c+=dc; if(c<best) best=c; }
      else { touch(v,i,-1); touch(v,j,-1); t=v[i]; v[i]=v[j]; v[j]=t; touch(v,i,1); touch(v,j,1); }
    }
    if(c==0){ printf("%d:",P); for(int q=0;q<NS;q++){ if(NS>1) printf(" |"); for(int i=0;i<L;i++) printf(" %d", (mode==1||mode==3)&&st[q][i]==m?-1:st[q][i]); } printf("\n"); fflush(stdout); return 0; }
    fprintf(stderr,"restart %d cost %d best %d\n",restart,c,best);
  }
}
