"""Stored individual schedules for the sizes with no cyclic whist design (found by search).

Found offline and checked by tests/movements/test_stored_designs.py:
- 9: tools/find_whist_designs.py (annealing; sit-outs by the rotation rule);
- 10, 11: tools/layered_partners_cpsat.py (the starter's cycle, then partnerships and tables for
  the later hands solved exactly by CP-SAT against the bound at every number of hands);
- 14, 27: tools/extend_starters.py, and 15, 18, 19, 22, 23, 26: tools/extend_by_search.py (the
  starter's cycle, or for 19 the design for 20 with an empty chair, then hands that partner the
  pairs it left out and keep partnering counts within one of each other at every number of hands);
- 38: tools/design_plus_one.py (the design for 37 and one more player taking a seat in turn);
- 44: tools/develop_starters.py (three starters over Z_11 x {0, 1, 2, 3}, tools/cyclic_starters.c).
DATA[players] is 30 hands separated by spaces; each hand lists the seated players table by
table in seats N, E, S, W, one character per player (ALPHABET[i] is player i); the players not
listed sit out. Hand 1 seats 0, 1, 2, ... in order, and sit-outs stay fair at every hand.
The first min(30, players - 1) hands meet the whist-tournament bounds (no partner twice, no
opponent more than twice); after that, partnering counts stay within one of each other at every
number of hands.
"""

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"

DATA: dict[int, str] = {
    9: "01234567 48715026 53680472 25847613 70356281 64102738 86073154 32461805 17528340",
    10: "01234567 62817390 98520146 45386279 73159804 20673481 86901752 59462038 34798615 17045923 03561798 12743869 07182549 02751436 04283596 01462587 04953687 01892364 02371659 17492538 03651429 04571289 16482397 02673458 08591376 01392658 01963475 15294768 02134578 04293687",
    11: "01234567 6359187a 798034a2 a0469125 26170358 573a6984 8a927041 4205a613 15682739 38745a90 94a18206 057a3649 168a2475 02381497 156a2389 078a1239 01a24658 03671549 02973586 0478195a 012a3647 243a5689 1489235a 0537486a 02143769 015927a8 0849365a 048a1276 1357296a 13964587",
    14: "0123456789ab 1b46d97c2853 b3d7a8c04296 36ac5201d487 6750941bad2c 7c918db35a40 c08b2a3695d1 1a07d658b2c4 b51ca792340d 39b05c846d1a 6831902d7ab5 726b814ac539 c4732bd50968 0dc643a91872 7385b0a4c629 987a4653012d 149d53682bac 62483c190bd7 c80da27516b9 9d45b13ca067 d7b320c84a15 d69c32a1748b 178d6c045b92 9283b560dac4 3a5d0942c671 c4378150da6b 7412b85c903a 81ba32d65079 752c6a894b30 8d4273605c1a",
    15: "0123456789ab 7e4ac632b1d9 28cd03a49e51 4b057adc186e c9762d50eb38 5c39a8b67412 60a1db932ce4 37de591a408c a25861edc7b0 d46b3e850297 8d94172b6ac3 b51ce2493d0a 96e084c1a57d 1387bc0ed625 eab290785346 d0e57b629a41 ced0867b349a 7b4962a3c815 1e0c3d459a28 38ecd7652b10 416b2079853a e37cd4b25169 c243e08ad519 60741cad8e5b 9e3028a6dc7b 5643108cb27e 3b1672ac9d40 e7a9438d0256 5aeb81d7c096 1de495832cba",
    18: "0123456789abcdef cdae62g490f7b51h b5f1ga860ch472d3 72hd8f9gcb364a5e 4a359h08b7eg6f21 6fe203c97418ghad gh1aceb046d983f5 83dfb17c6g509eh2 9e5h7d4bg82c013a 1c49a7f23e65db0g db60f4hae1g257c8 57gch63f1d8a24b9 248b3gehd59fa670 a697e813520hfg4c fg0419de2ac3h86b h8c6d051afbe39g7 39bg5c2dfh71e084 e0782ba5h34d1c96 ghdb83579e2401a6 548971d3e62gbc0f 94f7cd6b51heag20 20f8d7cah1g6b354 a4he5d92gc7f386b ea3cgf48075h2916 e96gb8fad1402c3h 8agbe3hfcd916705 27hc5b41e3a809fd 2eb7h4da9605cg81 0432c81ef65d9g7b cab01742ghf36d8e",
    19: "0123456789abcdef 95hf34e0b18g72ia 146af3i9g5bd0hc8 bd16h248cgi7a93e g25e6h3b7dc081fi dh4ie6fg0279b5ac 263ciead9h01g487 53e8afc1d4g2967b 4fib8a7523dh1e0g 3acgb804hf265i9d hef7ci821695d3b0 6ia07cbh5e142fg9 ec8907g64i53had1 f87dgb936ahe4c12 ab02dg1fe86i375h 8g9h2d5aibecf046 i7b190de3c4f6825 c0g5192if73aebh4 79d451hca0f8ig63 f723cg4ib1e86a9h 02f7d4cg5eb1896a 8a97e2f130dhb56i g91i35764he20cdb a26gd5fih84ec301 39bca4eih87g5fd0 295316b8af0c7dih 31c6h7gdae9504i8 ihcagfb4981d0e26 5138ifag407b96d2 31ga5bfec9h4d827",
    22: "0123456789abcdefghij 4bhdkl7f63ja902c15ei ka508gfc7dij34h9bl2e 8jl461c9f0eidk53agh2 6igk7b93c42e08ldj15h 7e18fa3d9kh246g0ibl5 f2b6cjd0385hk714eagl cha79i04d6l58fbk2j1g 95jf3e4k07gl6ca8hib1 3licd2k84f1g79j65eab dge90h86kcb1f3i7l2ja 3f61bcgj59hdil824a07 dc7ba91il350eg6hkj4f 09faj3begdl421758ikc 43cjida210gkhbfl6e89 kd9ie0jhb4185acg7263 803e24i5akb6lj91fh7d 64d2hkelj8a7gi3bc5f0 7k0h582gi6jf1eda9lc4 f845l6h1e7icb20j3g9k c6klg75b2fe9ah4id138 978g1flahc23j5ke0bd6 7fe2c9h53dlg041bk8aj c7bg38lh9fk50ij64ade l3be6kjc8hf1a5d7i902 3g4a0c5fe7i86192kljh 4fgd79j1bkeai36hl052 1db2c8gij5l467hfe9k3 di8h2k7g301cblafe456 hec1ag6i74k253j89b0d",
    23: "0123456789abcdefghij ckg7a1id4h08l6b53jmf le3d0km6ajc42i817f95 2b76ce9i0flagm4kd5h1 g8dilbhmc52039ae61jk 346m28j9l1gc7h0bikfe 7ai9g4fh2k3ldjc8me5b d0mh3a5jge726fl49b18 6c9j701f3bdgi52ah8k4 ilhfdck57863m1g0j4ea m2j56le1d4i79k3cfab0 9gf1i2bk6amdhe7l508c h35kmg8ei096jbd21c4l j71e934bmchif86gkla2 fdkbh7a89ljm54i3e20g 56e8jd04h2f91am7bgc3 1ib4f6cajg5hk09d83l7 km8a5il0f31jech6472d e9401m2c57kfbljiadg6 bhack9gl1de582fm063i 8j0leh32k6b14g59ci7m 4fc2bj7gei8ka31hlmd9 a5lg8fd3bm4e07kj296h j3ic861g05b92eafml74 kij3ch86gb05da2ef7ml 24gk7emf13hb8di90c6a 3kgd6bhjif581a4e0l92 bm9k75h12a4ie3l8d6jc h580dl7b964j1agfmkc3 c9dfi2gmh1kle57j6340",
    26: "0123456789abcdefghijklmn n43jf69c7k2g1l0o58ahpedb bfjho9k1cp354eni6728m0lg goh8ikp41mj6f0ba9c37dne5 5i87apmf4dh9ong2k1jclb06 6a7c2mdofl8kib53p4h1egn9 92c13dlioe7pag6jmf8405bk k314jleai0cm259hdo7fn6gp pj4fhe02an1d36k8licob95m mhfo80n32b4lj9p7ea1igk6d d8oi7nbj3gfehkmc024a5p9l l7iacbghj5o08pd1n3f26mke eca21g58h6in7ml4bjo39dp0 h6le914gbfd752jkcnm0o3a8 89e0k4f5golc63hp1bdnij27 7k0npfo65ie19j8m4glbah3c cpnbmoi96a04kh7df5eg28j1 1mbgdiak92nfp8clo60537h4 4dg5la2pk3bom71ei9n6jc8f fl56e23mpjgidc40akb9h17o oe6903jdmh5al1fn2pgk84ci i09knjhld862e4ob3m5p7f1a ankpbh8el7930figjd6mco42 2bpmg870eckjnoa5hl9d1if3 3gmd57cn01phbi268ekl4aoj j5dl6c1bn4m8ga3970pef2ih opn8imb7adgc2l513e64j09f 1n0l6a3pcfig489d5hbk72om gk856dl3mc9jfoa14in72beh mhlgb928514fo6jdaiep30ck",
    27: "0123456789abcdefghijklmn ci4o6ah0pn3ekg71q82ldm5j k269h38cfjo7dq0ibp4mg5al d4hn8opk1l90gbc2ef65qa3m g68jp9fdimncqek471hab3o5 qhplfn1g25jkb7d60i83eo9a b8fm1jiq4alde0ghc2po79n3 ep15il2b63mg7cq8k4f90njo 7fia2m4eho5q0kbpd61ncjl9 me08c6klgfhn53jbod7ia241 57cpkhdmq18jaole9g02346i a0kfd8g5bipl39m7nqc4o6h2 3cd1gpqae2fmon50jbk69h84 okgiqfb374159jacledhn8p6 9dq2b1eo06ianl3km7g8jpfh ngb4ei79ch23jmod50qplf18 jqe6720nk84ol59gacbfm1ip lb7h04cjdp69manq3ke15i2f 4jmg5ka2obd168inp3l7h0ce 6l5qad349egihp2jfom08ck7 hmab3go6n7q28f4l195cpkd0 853eoq9hj0b4p16minakfdgc pao79bn8lce6fih52j3d1gqk f390nejpmk7h128a4logiqbd 1oncj7lf5d08i4p36m9q2beg i9jkl0m1agcp26foh5nb4e7q 2nldmc5i3qkf4h198aje670b lj3ai1h67edkn95m0cgqpf24 qo0lg37j45p9hb1c6afn8die 872iolm9enj1bqk50c64apgd",
    38: "0123456789abcdefghijklmnopqrstuvwxyz 4kBnyd29mrw5tol7sgjpa13cvbfAxqhe6z8u 328fnlystx0e91wgiudoB6q7khAzjr5a4pcb 93fxrBqbg5c2u08hvoawnmsz46jdeikytlA1 vidaeA541ypr6gz0hmf7jukws9B8n2qxbclt m6yq3e4gcsBv7laAuz5d2whf1orxi9bk0jnp 5xpld7j2vBufk9g6y4cthse1rqw08anAimo3 hpv61so8am5gBxiycn9rbjw2zA43t07udqkf rn7zA0f5sdtBi4mbevw6c3xhy2polja8q1gk Ac9ug47hxoq0jy35le62tnzi8Bbv1pwmfksa dzb1o9pBe0i7ars28ythuxlkAf64mwcgj3vn ad10wuln2cvzyib3hqgso5B4jxmt78Ape96r t4nrqa3u7i8khwBzbpely09A61xj5sv2mdfo Bl6m0bwfy7kpn5vqAruihe83djt9gczoas4x ya0c8oBr3A6dqv19xspbwknte57gzfjl2umi xfgpzmAeil9853tvak047qjbhyo1wdBcr6u2 pgivbquwd6htlfra0B3nsAoe7ck241m9zy58 2ew8Bpaq4f1j3botr9zulvhm5ic7Anxdkg0s hok46i1cBteu8j5n7fsxvd0ypz3q9mgblr2A irhdjcxkbagnvt71268mA95oq3lwBeyfs0p4 jAuophza5wsceq9kB2m3grdvfn160l87x4by 1be2kxvmw3ds0zj8tcrA5p6Bugynq4hiofa7 ou5kvrbhl4j9wAxBm8qfiz1ag72y36tspnec sqAjx8rvue7ybmcok1B0ftip34dla52h9wz6 8w4tmv0Ang2ofekrzxb56acqld9su7p1Bi3j nBm7c18xqz4lrk6sjiov0hf9aegupAdwybt5 ejowlgdyk8bA2su4n3h9pia6xr0mcBfz5t1q gtrisy9ozvf4p8nd1l2Bhcujm05ekb637axw bsjh5fi6o2zq17Aw40ncxgvl9taByk3ru8dm z7sbu3glj1rmdnqewahy9fp5c8vk6o0tA2iB",
    44: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH liwszD26yp07vjcdHBgtE834kxnueA1arqmGo9fC5hFb 8greGCw2mxl6atvjb9HA5yszEq41coi0un3FkpdfDBh7 yHucFfrw3q820Aat7pboDmeG5nzivkgl14shExjdC9B6 mb1vhdursnywlo0A6x7kC3cFD4GgaEH8izeB5qtjfp92 37iaBj1ue4mr8klo2q6EfsvhCzFH05bygGc9DnAtdxpw s6g09ti1cz3uyE8kwn25deaBfGhblD7mHFvpC4oAjqxr e2HlpAgivGs1m5yEr4wDjc09dFB78C63bhaxfzkotnqu cwb8xoHgaFei3Dm5uzrCtvlpjh96yf2s7B0qdGEkA4n1 vr7yqkbH0hcgsC3D1GufAa8xtBp2mdwe69lnjF5Eoz4i au6mnE7blBvHefsCiF1do0yqA9xw3jrc2p84thD5kGzg 5Hru4Ev06wzqm2F3AgpkD8icBh9yx1flontGda7Cjseb Dbu1z5al2rGn3whsoHxECygv9Bpmqid8k4AFj06ftec7 C71iGD08wuF4srBekbq5fmHap9x3ngjyEzohtl2dAcv6 f6igFClyr1hzeu9cE7nDd3b0xpqs4Htm5GkBA8wjova2 d2gHhf8muiBGc1pv564Cjs7lqxnezbA3DFE9oyrtka0w jwHbBdy31g9FvixaD2zfte68nq4cG7osCh5pkmuAE0lr trb79jmsiHphagq0CwGdAc2y4nzvF6kefBDxE31o5l8u Au76pt3egbxB0HnlfrFjovwmz4Gah2Ecd9Cq5sikD8y1 o162xAscH7q9lb48duhtkar3GzF0Bw5vjpfnDegECymi ki2wqoevb6np87zyj1BAE0usFGhl9rDatxd4CcH5fm3g Egwrnkca724xy6Gmti9o5l1ehFB8puC0AqjzfvbDd3sH rvG8dn5D07ixH4tkcqhy31e6lafEboCBwujpsF9zgmA2 uaFyj4DCl6gqbzAEvnBmsic280d57kf9r1txehpGH3ow 10hmtzCf82Hn7Go5a493egvwyljD6EdpuiAqcBxFbskr ilB3AGfdywb46FkD0zpscHarm8tC25jx1gonv9qh7eEu g89soFdjmr7z2hEClGxevb0u3yAfwDtqiHk4apnB6c51 Hypekhjt3u6GwB5f8Fqca7l1smodrCAngbEz0x492vDi bmxcEBtAs12Fr9Ddyhnv068ie3kjufo4H75GlqzpwaCg 73qv59AoeiwhupCjmB4al2ygcsEt1dkzb6DF8nGxr0fH",
}

# Cyclic "starter" hands for sizes with no stored whist design (tools/cyclic_starters.c).
# One starter, P = 4n: the n tables of hand 1 over Z_(P-1) plus infinity (-1); other P: over Z_P,
# players 0..(P mod 4)-1 sit out; or P = 4n+1 over Z_(P-1) plus infinity, the sit-out listed last. Two starters (P = 4n+2 with n odd, where one starter over Z_P
# cannot keep sit-outs fair): each is P entries over Z_(P/2) x {0, 1} (point x + (P/2)*o), its n
# tables then its two sit-outs. designs.starter_rounds develops them; the difference counts make
# every pair partner at most once and oppose at most twice over the whole cycle.
# fmt: off
STARTERS: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((7, 6, 8, 4, 3, 2, 9, 5),),
    11: ((4, 6, 5, 9, 3, 8, 7, 10),),
    14: (
        (5, 6, 12, 1, 13, 9, 2, 3, 11, 10, 8, 0, 4, 7),
        (6, 8, 5, 3, 7, 2, 9, 11, 0, 12, 4, 13, 1, 10),
    ),
    15: ((3, 14, 9, 10, 12, 4, 7, 6, 5, 11, 13, 8),),
    18: ((6, 7, 13, 3, 14, 11, 16, 12, 2, 4, 15, 10, 8, 9, 5, 17),),
    22: (
        (6, 16, 11, 4, 7, 13, 10, 0, 9, 3, 18, 17, 2, 5, 21, 1, 15, 12, 20, 19, 8, 14),
        (4, 1, 10, 16, 17, 2, 15, 19, 13, 3, 12, 5, 20, 14, 9, 11, 7, 18, 6, 0, 8, 21),
    ),
    23: ((18, 20, 4, 10, 12, 17, 19, 13, 9, 5, 15, 6, 21, 16, 3, 14, 7, 8, 22, 11),),
    26: ((11, 20, 6, 8, 22, 19, 21, 16, 14, 23, 4, 15, 18, 5, 9, 24, 17, 12, 2, 10, 25, 7, 3, 13),),
    27: ((14, 7, 13, 24, 16, 18, 19, 11, 25, 3, 21, 5, 17, 23, 8, 4, 26, 22, 10, 9, 20, 12, 15, 6),),
    30: (
        (4, 6, 24, 25, 7, 11, 2, 21, 9, 0, 20, 12, 16, 23, 8,
         17, 27, 1, 22, 29, 19, 10, 3, 28, 13, 15, 14, 26, 5, 18),
        (16, 19, 4, 21, 5, 18, 7, 15, 1, 9, 25, 23, 6, 26, 12,
         11, 13, 20, 2, 14, 0, 27, 8, 10, 17, 28, 24, 29, 3, 22),
    ),
    31: ((6, 19, 29, 17, 25, 7, 30, 28, 24, 13, 11, 10, 20, 21, 14, 5, 18, 15, 27, 22, 23, 8, 3, 9, 12, 16, 26, 4),),
    32: (
        (0, 15, 9, 3, 19, 30, 21, 10, 4, 14, 22, 8, 1, 29, 5, 13,
         23, 28, 16, 18, -1, 11, 26, 12, 2, 20, 7, 6, 24, 17, 27, 25),
    ),
    33: (
        (15, 6, 28, 4, 19, 0, 27, 1, 20, 5, 24, 8, 3, 30, 29, 9,
         2, 13, 17, 31, 23, 16, 18, 25, 7, 22, 14, 10, 11, 12, 21, -1, 26),
    ),
    34: (
        (10, 32, 22, 29, 8, 14, 19, 28, 24, 2, 5, 23, 6, 33, 30, 17,
         7, 15, 9, 11, 12, 31, 18, 26, 20, 16, 27, 25, 3, 13, 4, 21),
    ),
    35: (
        (29, 3, 10, 23, 13, 11, 12, 28, 25, 20, 4, 15, 21, 26, 32, 18,
         14, 22, 7, 24, 17, 8, 30, 34, 31, 33, 19, 27, 5, 16, 9, 6),
    ),
    36: (
        (27, 21, 11, 12, 20, 1, 14, 31, 18, 22, 16, -1, 33, 2, 29, 26, 17, 6,
         4, 3, 30, 0, 9, 23, 25, 8, 24, 15, 32, 34, 7, 19, 13, 28, 5, 10),
    ),
    39: (
        (30, 21, 23, 9, 8, 27, 11, 5, 20, 7, 12, 16, 19, 29, 18, 35, 34, 4,
         36, 24, 6, 37, 31, 13, 28, 33, 32, 15, 22, 14, 17, 3, 38, 26, 25, 10),
    ),
    40: (
        (38, 23, 5, 27, 12, 6, 36, 13, 21, 29, 8, 34, 14, 9, 37, 10, 25, 35, 15, 17,
         16, 31, 24, 28, 7, 2, 32, -1, 1, 4, 3, 26, 18, 20, 30, 11, 33, 19, 22, 0),
    ),
    42: (
        (13, 9, 35, 22, 33, 21, 18, 14, 11, 28, 17, 39, 16, 10, 20, 15, 37, 30, 38, 5,
         41, 34, 32, 2, 12, 40, 24, 6, 25, 36, 23, 8, 27, 19, 4, 3, 29, 7, 26, 31),
    ),
    43: (
        (27, 41, 25, 19, 30, 5, 10, 4, 38, 15, 28, 39, 21, 20, 9, 35, 13, 37, 6, 3,
         12, 31, 16, 14, 18, 23, 26, 34, 24, 36, 40, 33, 29, 22, 42, 8, 32, 17, 7, 11),
    ),
    45: (
        (25, 17, 38, 32, 41, 6, 3, 9, 23, 34, 19, 39, 31, 27, 42, 26, 8, 28, 29, 10, 18, 11,
         16, 35, 36, -1, 20, 22, 33, 7, 21, 0, 24, 12, 43, 2, 14, 1, 5, 15, 40, 30, 4, 13, 37),
    ),
}
# fmt: on
