# barrier-count.awk - one line per function definition of an LLVM IR file:
#   @name <s.barrier> <s.barrier.signal> <s.barrier.wait> <wave.barrier>
# the number of calls of each in the function, in the order of the file.
/^define/ {
  match($0, /@[^(]*/)
  f = substr($0, RSTART, RLENGTH)
  order[++k] = f
}
/call void @llvm\.amdgcn\.s\.barrier\(\)/ { b[f]++ }
/call void @llvm\.amdgcn\.s\.barrier\.signal\(/ { s[f]++ }
/call void @llvm\.amdgcn\.s\.barrier\.wait\(/ { w[f]++ }
/call void @llvm\.amdgcn\.wave\.barrier\(\)/ { v[f]++ }
END {
  for (i = 1; i <= k; i++) {
    g = order[i]
    print g, b[g] + 0, s[g] + 0, w[g] + 0, v[g] + 0
  }
}
