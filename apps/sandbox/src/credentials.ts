/**
 * SANDBOX-ONLY credentials. They let the shop and the local provider stand-ins talk to each other offline.
 * They are not secrets and must never be used against a real provider: production reads its own from the environment.
 */
export const SANDBOX_CREDENTIALS = {
  paypal: {
    clientId: "sandbox-paypal-client-id",
    clientSecret: "sandbox-paypal-client-secret",
    webhookId: "SANDBOX-WEBHOOK-ID-0001",
    /** Key the stand-in signs webhooks with; its certificate is served at {sandbox}/paypal/certs/sandbox-cert.pem. */
    webhookSigningPrivateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCZ74X4PmKPCryw
Q77EjWVxqVybCLNKnket2GUJT+J24B1Na4EWj9SvfWzwnYe89+odtkJC3AyJzcAC
RQStrIo/ALTc9bQgINhfLQf8qqVbl8atakLHKyyO1ZlvanOVSVNAjfkYbvZH4tUu
ysDy5m85ORGxYISHLnTzAMrIkEhZmp/PFBSClT/7EKldfeJbWdjeQ0wDG04yrlsv
vnlu200XXwtxm63M8F7etmF+pq9hGTMWZazd7MF3NxvW4PYDgEw7TIZnq/MVnwbE
g3QDyOHhCS6I2q1kVtTv6MrzPeIbFZ3kq4jYz7mp0G/ZsaQ0whtIiJTAP6Uy9iN3
U8xOQ/TrAgMBAAECggEASdRsHE6LhdCgBChR0EKC05tnq4HmQBUfCt29Q9SZKOu/
khjMHo6YcxzEibj8V+FN27dFG30f1F4mx8/jeQrGeYY0uL9th3VJYYifCour6Hyo
kRbkdVMbOVxwDVRwoDq9X7pYLORXYc4E8j7TgQyNbtQUzM6ecZmSBNSt7bjpwnNc
cekJf7CvrxJsH1tbQFqLd9LctqjtjYGB5/cL7UedHM5BrOoyrsaQKRRTAXR4iFSt
bPFI13VQC3ajPzqX/6WNXVBLVGZlNo3R0nj1dB5DdSetlBddyTtibvq9tFTyJTSI
XEHXWIySKuc3KzOE98g4PdXRwI19/a2ceLZ74SPvgQKBgQDUhbcHdssBUdrJoCs2
aQxDwQQB82VmWGQZRO8sKzrWSm4Ku6VAkR//OG10NGG7lkJ0ukdLBap32c1g8EKB
HSszapOwdmWw/MhB9LL6f6D7+94j1RSQhUgNkhZIS4mTviaRVkfeEJt+RPy03zOn
Va8dRo+4qAYr2Jh9fCYZuec8awKBgQC5bXz/jY3HBWu/ctq9aRhrzoZEjCLT3/uH
rsT1kgM6e8dzNDG6x/cqhbDiyRxp2gSzV/BaAwxtqfuCfEUs69ulojt2kc20DOH0
yMFB5KdHzNTZ9azPG4Ec9BLSSFw5ZeQmuM/irqnr4k4nJC+g95RLCIQCw/TDXTpN
6rPicoxJgQKBgQCeECGUDJdqEN4/zb+2BSVZEyqO5N9K4nz4ilu0pyZokQ0NMIj0
37tDkE1f+0GhSl19AbraookqALUO30MnUnF6GU9lFHoHy8qJu5yOUPSD1c1fKzDT
WD3B0iB+fqgBWZDH0bs7/3AW1up4//UkBMdsZ7mnJlkIrVylH/wacDj6pwKBgC5D
Sd98krXn/VT7s+Vz9hrXoRozGHFiPaBBk3RtZI7P2Rg+GnYuc9VRG6vJX2Rtd6TD
OP1MK2qk8VJB7QRjKB7wFgPkJr1YRXvMJqNpB+9bBHQI3n+hrhnqL1P1p8TOThj3
HS7CQzTN9o+/cH6ppn799em2uDeR5/0OpKjHyYaBAoGAUzGOW1ngnb0Y+X1/e024
JH6GFOfzP1KxiRmDfFBu9Cn76lHUKq0rNZex+z3CAY8siqccZMPvrAi5fh6b4xVm
Qw2TKWy4LqXCqAZhEC14qPqHz5IHr6a09G4JSZxi3ziuZNaOJfXWRNsCcC0PAeyZ
ez1EERMSMYLkTBhsEftTJQk=
-----END PRIVATE KEY-----`,
    webhookSigningPublicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAme+F+D5ijwq8sEO+xI1l
calcmwizSp5HrdhlCU/iduAdTWuBFo/Ur31s8J2HvPfqHbZCQtwMic3AAkUErayK
PwC03PW0ICDYXy0H/KqlW5fGrWpCxyssjtWZb2pzlUlTQI35GG72R+LVLsrA8uZv
OTkRsWCEhy508wDKyJBIWZqfzxQUgpU/+xCpXX3iW1nY3kNMAxtOMq5bL755bttN
F18LcZutzPBe3rZhfqavYRkzFmWs3ezBdzcb1uD2A4BMO0yGZ6vzFZ8GxIN0A8jh
4QkuiNqtZFbU7+jK8z3iGxWd5KuI2M+5qdBv2bGkNMIbSIiUwD+lMvYjd1PMTkP0
6wIDAQAB
-----END PUBLIC KEY-----`,
  },
  xsolla: {
    merchantId: "100001",
    projectId: "200002",
    apiKey: "sandbox-xsolla-api-key",
    /** Project secret key: webhooks carry Authorization: Signature sha1(rawBody + secretKey). */
    secretKey: "sandbox-xsolla-project-secret",
  },
  payermax: {
    appId: "sandbox-payermax-app-id",
    merchantNo: "SANDBOX-MERCHANT-001",
    /** The shop signs requests with this; the stand-in verifies with the public half. */
    merchantPrivateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDfks23ckX+1To3
Xvmof95FsbPSM5TRxq8xi6mEQJPcoRnBT5NaNod+3JDJtMMw9qxXbRitLLeHmAZo
b2QTPge/+K4MXAuUg2jWBwwjDKXKmmJwZ1r4yD5zbBmgZtJccHcp6oUolDI6HQmd
GBfaePIjbOAYQYJvttq/lvbSMHiwoOGQDYtLx1r8UmL/xeB5ZCNTFc8Cr67H8Ehl
PKNKLEblmJGqdkL0cNHUHQuRMtqLYOznJd5E0+KPM7QMAmYyOvcX+78w0fo7iBlz
1zPU5eRCw2f+Ul82yiqgVO3q6qBS+4rJUBDNOyZzLzVoNLVRSKVv/i3U/b5idYWf
u0qfTojjAgMBAAECggEAIwJORk3q71byW8ilLXaAbBzB0huTpS8Ihf30WH+dkmyD
p5qksflcnvKTlZJBsmweBpP7IOWiA5CRsvl7tpZTCQORiuFASvbc4WQ5yU8/XYoZ
T2KlLdR6uwDlbmb2GoAzQ2le2pYs20lqv6JjMdRt45A2ncsRosQDswFFEHAt+0eb
ACEKKO9mUmKLczDvBZ1x4Y4TrpyoHwHEO6PSDDtNIYhx9eESfqsjOA2R2tgu/Auh
7Xm0CqQwzT5AA5zGty7Yi3EmE4ephlb28XAtLUyKFtlcaNl8RlHPlGYGQaWX2Rh4
hnK/YOfNEljqr8bJFnOD0L/OOz8exMr36pStPbBgCQKBgQD6ILhmp6j8Mtpiouti
fkb0YhHvZ4xfFMOqDKbRVF1B1cLfloNTuGjxkeLQyFII0fy7EfETmA9nLuMQSp6/
18OdVubtx/OS65b9v1L3u2ESiPaBNICbbBpW9MV1njITCOpw67kq3IIiHQx3pPRE
CE+CZLbYtzWr1e1hEcJ1J7OIHwKBgQDk0n2F2KxhDdkTwISoRmNeLhuh49qtKa1O
j1THNRQgbEkOgogu2AqW7jdJ0QjR0XkzE9IPjsTP0qfvPGSUzQ+CRns7T8vxRQll
7uUCIYIsc5eenZGLHsa6ukem33znKNCPQvYnMsYwVBcoR5wN7/5tUS+GzGAS6r/j
BoLN12O2vQKBgG3F0mfrCPS19LX5PkiZltZF/A0PasGHwV9t8gBIgC0WfVHXIoep
lRT/q4VphOcuETagZybsQ0ZLg4dw2D7lmIoCy5JrgHBoSHnQb78dUzrpNRX7Tr3n
MaAcCFTYOq2z6f/o0/kFkW8bRI91q2X4J7zYKo7tyPZDCszhGHCGHfqNAoGAY1jY
UtJ+FS1UAHVnoz/cSLmwGZu6B9C+hAtK/aqX8HPTTE90HRKDloAa1RvCvoY6HukO
HN8ZqDmH3CDWcpyNjTxYqKm+nCQjLnSITWKLCA2v2JgE5ugX1F6oWVVS/3IDCxBB
m0c6MSVxYHWm1Y5LYt8KyXXWiKAPa9wZ0pEfo+kCgYEA4Pn5QneMwJMhgKr1UDZ3
rH4WwSt61TM15Tum8hCW8cdqxJ+yoJm/qNudKdCnyx0FdemWmAqfy7CUORScypSr
PZyLzLQ86uj5XQ0lfngjKzgX6D8M2PvBXkcwPINQcgRtOUMyaTsoKysjQhvgChDQ
yAeDHzZT9CL6MLzN9t4JgM8=
-----END PRIVATE KEY-----`,
    merchantPublicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA35LNt3JF/tU6N175qH/e
RbGz0jOU0cavMYuphECT3KEZwU+TWjaHftyQybTDMPasV20YrSy3h5gGaG9kEz4H
v/iuDFwLlINo1gcMIwylyppicGda+Mg+c2wZoGbSXHB3KeqFKJQyOh0JnRgX2njy
I2zgGEGCb7bav5b20jB4sKDhkA2LS8da/FJi/8XgeWQjUxXPAq+ux/BIZTyjSixG
5ZiRqnZC9HDR1B0LkTLai2Ds5yXeRNPijzO0DAJmMjr3F/u/MNH6O4gZc9cz1OXk
QsNn/lJfNsoqoFTt6uqgUvuKyVAQzTsmcy81aDS1UUilb/4t1P2+YnWFn7tKn06I
4wIDAQAB
-----END PUBLIC KEY-----`,
    /** The stand-in signs responses and notifications with this; the shop verifies with the public half. */
    platformPrivateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQC4INwqcHAAuDEZ
dyYFudJTPKVEcBascXWOp2HXG0d3gm3UuQn7mCgkMr+LoMmw3MLNV9QzP9CvSjdl
8/Tc9XCA4/cu+ZUDvBztD98AOtHCdZdWNAB0g9CeHyzyFnOygvbz1Oz8Ha+fkrrq
YzEaK93+NheCSjcfxbbF8njRoe1yExPZe6zRilJGy7sfHW8U12fDrD4fIbBYS21i
p6+A1MY/MoqbJCXPcTYN/KkMhFEEsAlDegMz1OS5DQEP/vrZtROO1VDSkSxyN8Sx
ig7cGOiKE/eIcdgrQOFcQL7dF35rrgkCft6ykKA86pjGcoVtEZFHYk0zu8paKxwV
Yg6onjEpAgMBAAECggEABq+zyws89/u4VbpGzFGuhnUG89ylqCKxIApqQkVUc62t
9xn2l7czavgYTlXbCSQFI2+PbkKAnaLybs58e3siuB1/JAqua32s57tqL9AS/q6m
PZxDEXgZbuqHJ23jCu4YUWuvpOqfjmoFxV3vgimqZLE6apHvHUVg4SCQXF122cvx
f6LR/Vi4YErAkPeLTOReTBGSNxd/GXxJ3F0n7WgYPsE49KCAj43lgLhJR0Ew4ufS
pZErXuKOKIMgYEcG16S1Lknfe7GUlN9M2eQ5h+S83mam3ivLY6zdQXNjIpJ9q+uW
X1oPMRNd8iYw0V7+LAm9SY1w793jqs6QU9vPktBfkQKBgQDo2g18d3JLVkPXFOjf
JSRZnoYga728IGiLYZLJsDtsDHN/AZ9fpkg8KKE+6C9lp9UEmIH5B8EAVdRn1T+H
w7DxFiB1y5aj2HuaNZ5Yw5atO1PGEuU9NOOiJWLm8DROOvL1bZbPaj8KuOXZeFhf
4WsD1Z14CmuSZfrrC7kEtI+YWQKBgQDKbtLmZNrkBM6h5uJPiVRmv4Yr1BhvAofi
AFOsTJiwyzOSxqKCkx6rma2mq/qncxmJckJ4c3wAIg7AvpH9KLNo6ntADdDciTxn
dHMz0T4SeGr/LSo6LkJcuLM1y/wawN8wJc8PChV6TJDOJJZpJitIvm1k1wrAoCps
EwtS2DdFUQKBgQC6RMSJDtxFW+rFAZsP9pxPfLp68PVEqwA2j4VnBi1iz8sMjHW7
hD9AsJfcxMw1m76SAJXoasV/ySkzLqm1p1vCYBrzYDtPMnwd7kqPY1cDmPP4/WCY
R9jY+uNVLk4JTqrQniwIHEv1/dcQ0m6PtLlwxc9EGcHXyPCiWixVkUNVcQKBgQCQ
BrF+wpsKSHFLt52kwSyPvgyT+l83/DD5lwnxOL4aazjSYQkWpd3YcYqfXxUDNl0g
8W5hjKjY32JnuC7eU6ryJoJyXGIRxoJ3iN6+K01ijtJxo4y7wFXu6mp3CB7iWf9x
njTnmmEVlowgXt+1CDcbloD2khlQW6RTKGmSE8ufQQKBgQDmFwS3X2s/uCPCZBv+
+U660O2RaiY+jamuJmoO81iW7eeWtdK2uSQriaSIOL+Ik9NfpbIeex/hOHFWwqFe
ttUy3ADLG1lryhOR7DnUnCYrdbsONrE2Chjf5gd1lTcdpMEKGrmYa0o/6QCy4mZJ
qA64cECrgJ5lnT3tylw1klJ8hA==
-----END PRIVATE KEY-----`,
    platformPublicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuCDcKnBwALgxGXcmBbnS
UzylRHAWrHF1jqdh1xtHd4Jt1LkJ+5goJDK/i6DJsNzCzVfUMz/Qr0o3ZfP03PVw
gOP3LvmVA7wc7Q/fADrRwnWXVjQAdIPQnh8s8hZzsoL289Ts/B2vn5K66mMxGivd
/jYXgko3H8W2xfJ40aHtchMT2Xus0YpSRsu7Hx1vFNdnw6w+HyGwWEttYqevgNTG
PzKKmyQlz3E2DfypDIRRBLAJQ3oDM9TkuQ0BD/762bUTjtVQ0pEscjfEsYoO3Bjo
ihP3iHHYK0DhXEC+3Rd+a64JAn7espCgPOqYxnKFbRGRR2JNM7vKWiscFWIOqJ4x
KQIDAQAB
-----END PUBLIC KEY-----`,
  },
  geetest: {
    /** Public captcha_id the page passes to initGeetest4; the stand-in knows only this one. */
    captchaId: "sandbox0geetest0captcha0id000001",
    /** Private key: the shop signs `sign_token` = hex HMAC-SHA256(lot_number) with it. */
    captchaKey: "sandbox0geetest0captcha0key00001",
  },
  gameServers: {
    /** Shared secret the sandbox game servers sign their calls to /api/game/v1 with (HMAC-SHA256). */
    secrets: { 10030: "sandbox-game-secret-10030", 10002: "sandbox-game-secret-10002" } as Record<number, string>,
  },
} as const;
