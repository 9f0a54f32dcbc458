import VeilCore
