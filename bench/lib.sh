# Helpers the bench scripts share; sourced (". bench/lib.sh") from the repository's root.

# json FILE EXPR: prints EXPR evaluated with d = the parsed FILE
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {'d': d}))" "$@"; }

# cpu_model: the CPU's model name, as lscpu gives it
cpu_model() { lscpu | sed -n 's/^Model name: *//p' | head -1; }

# proc_cpu_s PID: the process's user + system CPU seconds so far
proc_cpu_s() { awk '{print ($14 + $15) / 100}' "/proc/$1/stat"; }

# await_started LOG: waits up to 10 s for a probe server's start line in LOG; fails if it did not come
await_started() {
  for _ in $(seq 1 100); do grep -q "Probe server started" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}

# oci_bench_config DIR: an RSA API key and an OCI config naming it in DIR (oci-key.pem, oci-config), for the
# server's Object Storage endpoint (--allow-unsigned: the key only has to exist for the SDK to sign)
oci_bench_config() {
  command -v openssl >/dev/null || { apt-get update -qq && apt-get install -y -qq openssl >/dev/null; }
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1/oci-key.pem" 2>/dev/null
  local fp
  fp=$(openssl rsa -in "$1/oci-key.pem" -pubout -outform DER 2>/dev/null | openssl md5 -c | awk '{print $NF}')
  printf '[DEFAULT]\nuser=ocid1.user.oc1..bench\nfingerprint=%s\ntenancy=ocid1.tenancy.oc1..bench\nregion=us-ashburn-1\nkey_file=%s\n' \
    "$fp" "$(cd "$1" && pwd)/oci-key.pem" > "$1/oci-config"
}
