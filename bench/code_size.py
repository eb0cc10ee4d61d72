#!/usr/bin/env python3
"""Size counts of the Rust code in src/ and crates/: files over
1,000 lines, functions over 100 (and 120) body lines, and handlers (async
functions of crates/web's web/ and api/ outside web/infra: the route handlers
and the page builders they await) over 60 lines. Usage: python3 bench/code_size.py [ROOT] [-v]."""
import os, re, sys
root = next((a for a in sys.argv[1:] if a != "-v"), ".")
files = []
for base in ("src", "crates"):
    for d, _, fs in os.walk(os.path.join(root, base)):
        for f in fs:
            if f.endswith(".rs"): files.append(os.path.join(d, f))
def strip(src):
    # remove comments, strings, chars
    out=[];i=0;n=len(src)
    while i<n:
        c=src[i]
        if src.startswith("//",i):
            j=src.find("\n",i); j=n if j<0 else j; i=j; continue
        if src.startswith("/*",i):
            j=src.find("*/",i+2); seg=src[i:j+2]; out.append("\n"*seg.count("\n")); i=j+2; continue
        m=re.match(r'r(#*)"',src[i:i+10])
        if m and (i==0 or not (src[i-1].isalnum() or src[i-1]=="_")):
            h=m.group(1); end='"'+h; j=src.find(end,i+len(m.group(0))); seg=src[i:j+len(end)]; out.append('""'+"\n"*seg.count("\n")); i=j+len(end); continue
        if c=='"':
            j=i+1
            while src[j]!='"':
                j+= 2 if src[j]=='\\' else 1
            seg=src[i:j+1]; out.append('""'+"\n"*seg.count("\n")); i=j+1; continue
        if c=="'":
            m=re.match(r"'(\\.|\\u\{[0-9a-fA-F]+\}|\\x..|[^\\'])'",src[i:i+12])
            if m: out.append("' '"); i+=len(m.group(0)); continue
        out.append(c); i+=1
    return "".join(out)
big=[];fns=[];handlers=[]
for f in files:
    src=open(f).read()
    nl=src.count("\n")
    if nl>1000: big.append((nl,f))
    s=strip(src); lines=s.split("\n")
    for m in re.finditer(r'\bfn\s+([A-Za-z_0-9]+)',s):
        # find body start
        # the body's brace or the declaration's semicolon, outside the
        # signature's brackets (`[T; 3]`)
        k=m.end(); depth=0
        while k<len(s) and not (depth==0 and s[k] in "{;"):
            depth += (s[k] in "([<") - (s[k] in ")]>" and not s[k-1:k+1]=="->")
            k+=1
        if k>=len(s) or s[k]==";": continue
        start=s.count("\n",0,m.start()); d=0; j=k
        while j<len(s):
            if s[j]=="{": d+=1
            elif s[j]=="}":
                d-=1
                if d==0: break
            j+=1
        end=s.count("\n",0,j); L=end-start+1
        rel=os.path.relpath(f,root)
        fns.append((L,rel,m.group(1)))
        # Handlers: the async functions of the pages and the API (route
        # handlers and the page builders they await), not the middleware
        # of web/infra.
        if re.search(r'(^|/)src/(web|api)/', rel) and "/infra/" not in rel \
                and re.search(r'\basync\s+$', s[max(0,m.start()-20):m.start()]):
            handlers.append((L,rel,m.group(1)))
print("files>1000:",len(big))
print("fns>100:",sum(1 for x in fns if x[0]>100), " fns>120:",sum(1 for x in fns if x[0]>120))
print("handlers>60:",sum(1 for x in handlers if x[0]>60), "of", len(handlers))
if "-v" in sys.argv:
    for x in sorted(big,reverse=True): print(" ",x)
    for x in sorted(fns,reverse=True)[:70]: print(" ",x)
    for x in sorted(handlers,reverse=True)[:40]: print(" H",x)
