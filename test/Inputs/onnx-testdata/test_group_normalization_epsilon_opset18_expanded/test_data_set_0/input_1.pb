BscaleJ~¤
?—¾