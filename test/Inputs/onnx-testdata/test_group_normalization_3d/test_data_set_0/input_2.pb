BbiasJ
มt>ิR^ฟ*k?3mิพD“=<W?