
BXJ─▌мю░Boг+PWP╕гУ╝tтЖIлgQ╘T^нqгьн╥н6P'еiкi@СO4O╥сяH кCN╤еIЕл>NрdLAпанM═я■нЦм<кРNФT╪>рQ┼яЪевп/у╦лwоPQS?E#Pе²<{Pxр╟Ts╢WсьCэл_м